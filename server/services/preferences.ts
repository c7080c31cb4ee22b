import { randomBytes } from 'node:crypto'
import type { BrandCatalog } from '#shared/brands.ts'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import { toLocale } from '#shared/locale.ts'
import { readPhoneNumber } from '#shared/phone-number.ts'
import {
  APPLY_WITHIN_DAYS,
  PREFERENCE_LINK_DAYS,
  type PreferenceLinkBody,
  type PreferenceStopAnswer,
  type PreferenceStopBody,
  type PreferencesView,
} from '#shared/privacy-rights/preferences.ts'
import { SUPPRESSION_CHANNELS, type SuppressionChannel } from '#shared/privacy-rights/request.ts'
import { checkBody } from '#shared/privacy-rights/rules.ts'
import type { Country, Site } from '#shared/site.ts'
import type { Db } from '../db/database'
import {
  findPreferenceToken,
  insertPreferenceToken,
  type PreferenceLink,
  readerStops,
} from '../db/preference-repository'
import { saveWithMails } from '../db/unit-of-work'
import { preferenceLinkMail } from '../mail/templates'
import type { EmailDomainCheck } from './email-domain'
import { NotFound, UndeliverableEmail, ValidationFailed } from './errors'
import { hashToken } from './privacy-requests'
import { recordReaderStops, type StopPair } from './reader-stops'
import type { RecipientMailLimit } from './recipient-limit'

const DAY_MS = 86_400_000

/** Counts the reader's stops for /metrics: per kind, country and channel. */
export type StopCounter = (
  kind: 'preferences' | 'one-click',
  country: Country,
  channel: SuppressionChannel,
  n: number,
) => void

/**
 * Issue 28 item 1: the preference centre. A link by mail (the same answer for any address; the recipient limit
 * as for every mail to an address), valid 7 days and kept only as its SHA-256; the page reads the reader's
 * choices per brand and channel and stops what they choose, never undoing a stop.
 */
export function createPreferenceService(deps: {
  db: Db
  brands: BrandCatalog
  emailDomainCheck: EmailDomainCheck
  mailLimit: RecipientMailLimit
  privacyMailbox: Readonly<Record<Country, string>>
  count?: StopCounter
  clock?: () => Date
}) {
  const { db, brands } = deps
  const clock = deps.clock ?? (() => new Date())

  const linkOf = async (token: string) =>
    /^[\w-]{20,100}$/.test(token) ? findPreferenceToken(db.db, hashToken(token), clock().toISOString()) : null

  const viewOf = async (link: PreferenceLink): Promise<PreferencesView> => {
    const stops = await readerStops(db.db, link)
    return {
      email: link.email,
      country: link.country,
      language: link.language,
      expiresAt: link.expiresAt,
      brands: brands[link.country].brands.map((brand) => ({
        id: brand.id,
        name: brand.description,
        brandKeys: brand.nroKeys,
        channels: SUPPRESSION_CHANNELS.map((channel) => {
          const mine = stops.filter(
            (stop) => stop.channel === channel && brand.nroKeys.includes(stop.brandKey),
          )
          if (mine.length === 0)
            return {
              channel,
              state: 'allowed',
              stoppedAt: null,
              reference: null,
              applied: false,
              appliedAt: null,
              applyBy: null,
            }
          const first = mine.reduce((a, b) => (a.createdAt <= b.createdAt ? a : b))
          // Applied once every key of the brand that was stopped on this channel has been confirmed.
          const applied = brand.nroKeys.every((key) => {
            const ofKey = mine.filter((stop) => stop.brandKey === key)
            return ofKey.length === 0 || ofKey.some((stop) => stop.appliedAt !== null)
          })
          const appliedAt = applied
            ? mine.map((stop) => stop.appliedAt ?? '').reduce((a, b) => (a > b ? a : b), '') || null
            : null
          return {
            channel,
            state: 'stopped',
            stoppedAt: first.createdAt,
            reference: first.reference,
            applied,
            appliedAt,
            applyBy: applied
              ? null
              : new Date(Date.parse(first.createdAt) + APPLY_WITHIN_DAYS * DAY_MS).toISOString(),
          }
        }),
      })),
    }
  }

  return {
    /** Mails a link to the address (when the recipient limit allows); the answer never tells which. */
    async requestLink(body: PreferenceLinkBody, site: Site): Promise<void> {
      const email = body.email.trim().toLowerCase()
      const errors = checkBody(
        { flowType: 'RIGHT_OF_ACCESS', country: body.country, language: body.language, email },
        site.country,
        new Set(),
        readPhoneNumber,
      )
      if (errors.length > 0) throw new ValidationFailed(errors)
      if (!(await deps.emailDomainCheck(email))) throw new UndeliverableEmail()
      if (!(await deps.mailLimit.allows('verification', email))) return
      const token = randomBytes(32).toString('base64url')
      const now = clock()
      const expiresAt = new Date(now.getTime() + PREFERENCE_LINK_DAYS * DAY_MS).toISOString()
      const link = `${site.origin}/${body.language}/privacy-rights/preferences?token=${token}`
      const t = serverTranslate(toLocale(body.language, site.country))
      await saveWithMails(db, now.toISOString(), async (trx) => {
        await insertPreferenceToken(trx, {
          hash: hashToken(token),
          email,
          country: site.country,
          language: body.language,
          createdAt: now.toISOString(),
          expiresAt,
        })
        return [
          {
            kind: 'preferences-link',
            aboutId: null,
            to: email,
            replyTo: deps.privacyMailbox[site.country],
            ...preferenceLinkMail(t, link, PREFERENCE_LINK_DAYS),
          },
        ]
      })
    },

    /** The reader's choices through a link that works; null for a lapsed or unknown one. */
    async view(token: string): Promise<PreferencesView | null> {
      const link = await linkOf(token)
      return link ? viewOf(link) : null
    },

    /**
     * Stops what the reader chose (or everything, `all`): one suppression per brand key and channel that was
     * not stopped yet, under one reference, with one confirmation mail. Phone and post need their data,
     * validated as in the forms.
     */
    async stop(body: PreferenceStopBody, site: Site): Promise<PreferenceStopAnswer> {
      const link = await linkOf(body.token)
      if (!link || link.country !== site.country) throw new NotFound('Preference link')
      const known = brands[link.country].brands
      const keysOf = (key: string) => known.find((brand) => brand.nroKeys.includes(key))?.nroKeys
      const asked: StopPair[] = body.all
        ? [
            ...known.flatMap((brand) =>
              brand.nroKeys.map((brandKey) => ({ brandKey, channel: 'EMAIL' as const })),
            ),
            ...(body.phoneNumber
              ? known.flatMap((brand) =>
                  brand.nroKeys.map((brandKey) => ({ brandKey, channel: 'PHONE' as const })),
                )
              : []),
            ...(body.userInfo
              ? known.flatMap((brand) =>
                  brand.nroKeys.map((brandKey) => ({ brandKey, channel: 'POSTAL' as const })),
                )
              : []),
          ]
        : (body.stops ?? []).flatMap((stop) => {
            // A stop of one key is a stop of the brand: every key of it (an objection stores them all).
            const keys = keysOf(stop.brandKey)
            if (!keys) throw new ValidationFailed([{ field: 'stops.brandKey', rule: 'brand' }])
            return keys.map((brandKey) => ({ brandKey, channel: stop.channel }))
          })
      if (asked.length === 0) throw new ValidationFailed([{ field: 'stops', rule: 'required_option' }])
      const channels = new Set(asked.map((pair) => pair.channel))
      // Phone and post: their data as the forms require it, by the forms' own rules.
      const errors = checkBody(
        {
          flowType: 'OBJECTION',
          country: link.country,
          language: link.language,
          email: link.email,
          brands: [...new Set(asked.map((pair) => pair.brandKey))],
          communicationTypes: [...channels],
          phoneNumber: body.phoneNumber,
          userInfo: body.userInfo,
        },
        link.country,
        new Set(known.flatMap((brand) => brand.nroKeys)),
        readPhoneNumber,
      )
      if (errors.length > 0) throw new ValidationFailed(errors)
      // Stored as the forms store it: the number as meant, read in the country's numbering plan (issue 27).
      const phoneNumber = body.phoneNumber
        ? (readPhoneNumber(body.phoneNumber, link.country)?.number ?? null)
        : null
      const standing = await readerStops(db.db, { ...link, phoneNumber })
      const stopped = (pair: StopPair) =>
        standing.some(
          (stop) =>
            stop.brandKey === pair.brandKey &&
            stop.channel === pair.channel &&
            (pair.channel !== 'PHONE' || stop.phoneNumber === phoneNumber),
        )
      const fresh = [
        ...new Map(
          asked.filter((pair) => !stopped(pair)).map((pair) => [`${pair.brandKey}|${pair.channel}`, pair]),
        ).values(),
      ]
      const now = clock()
      const reference =
        fresh.length === 0
          ? null
          : await recordReaderStops(
              deps,
              {
                email: link.email,
                country: link.country,
                language: link.language,
                origin: site.origin,
                touchpoint: `${site.origin}/${link.language}/privacy-rights/preferences`,
                phoneNumber,
                userInfo: body.userInfo ?? null,
              },
              fresh,
              now,
              { mail: true },
            )
      for (const channel of channels)
        deps.count?.(
          'preferences',
          link.country,
          channel,
          fresh.filter((pair) => pair.channel === channel).length,
        )
      return { reference, created: fresh.length, preferences: await viewOf(link) }
    },
  }
}

export type PreferenceService = ReturnType<typeof createPreferenceService>
