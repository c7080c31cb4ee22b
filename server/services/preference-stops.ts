import type { BrandCatalog } from '#shared/brands.ts'
import { readPhoneNumber } from '#shared/phone-number.ts'
import type { PreferenceStopAnswer, PreferenceStopBody } from '#shared/privacy-rights/preferences.ts'
import type { SuppressionChannel } from '#shared/privacy-rights/request.ts'
import { checkBody } from '#shared/privacy-rights/rules.ts'
import type { Country, Site } from '#shared/site.ts'
import type { Db } from '../db/database'
import { type PreferenceLink, readerStops } from '../db/preference-repository'
import type { EmailDomainCheck } from './email-domain'
import { NotFound, ValidationFailed } from './errors'
import { preferencesViewOf } from './preference-view'
import { recordReaderStops, type StopPair } from './reader-stops'
import type { RecipientMailLimit } from './recipient-limit'

/** Issue 31 (moved from preferences.ts): the reader's stops through the preference centre. */

/** Counts the reader's stops for /metrics: per kind, country and channel. */
export type StopCounter = (
  kind: 'preferences' | 'one-click',
  country: Country,
  channel: SuppressionChannel,
  n: number,
) => void

export interface StopDeps {
  db: Db
  brands: BrandCatalog
  emailDomainCheck: EmailDomainCheck
  mailLimit: RecipientMailLimit
  privacyMailbox: Readonly<Record<Country, string>>
  count?: StopCounter
  clock: () => Date
}

/**
 * Stops what the reader chose (or everything, `all`): one suppression per brand key and channel that was
 * not stopped yet, under one reference, with one confirmation mail. Phone and post need their data,
 * validated as in the forms.
 */
export async function stopPreferences(
  deps: StopDeps,
  link: PreferenceLink | null,
  body: PreferenceStopBody,
  site: Site,
): Promise<PreferenceStopAnswer> {
  if (!link || link.country !== site.country) throw new NotFound('Preference link')
  const { db, brands } = deps
  const known = brands[link.country].brands
  const asked = askedPairs(body, known)
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
  const now = deps.clock()
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
  return { reference, created: fresh.length, preferences: await preferencesViewOf(db, brands, link) }
}

/** The brand keys and channels the reader asked to stop: everything (`all`), or each brand chosen, all its keys. */
function askedPairs(body: PreferenceStopBody, known: BrandCatalog[Country]['brands']): StopPair[] {
  const keysOf = (key: string) => known.find((brand) => brand.nroKeys.includes(key))?.nroKeys
  return body.all
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
}
