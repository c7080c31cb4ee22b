import { randomBytes } from 'node:crypto'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import { toLocale } from '#shared/locale.ts'
import { readPhoneNumber } from '#shared/phone-number.ts'
import {
  PREFERENCE_LINK_DAYS,
  type PreferenceLinkBody,
  type PreferenceStopAnswer,
  type PreferenceStopBody,
  type PreferencesView,
} from '#shared/privacy-rights/preferences.ts'
import { checkBody } from '#shared/privacy-rights/rules.ts'
import type { Site } from '#shared/site.ts'
import { findPreferenceToken, insertPreferenceToken, type PreferenceLink } from '../db/preference-repository'
import { saveWithMails } from '../db/unit-of-work'
import { preferenceLinkMail } from '../mail/templates'
import { UndeliverableEmail, ValidationFailed } from './errors'
import { type StopCounter, type StopDeps, stopPreferences } from './preference-stops'

export type { StopCounter }

import { preferencesViewOf } from './preference-view'
import { hashToken } from './request-intake'

const DAY_MS = 86_400_000

/**
 * Issue 28 item 1: the preference centre. A link by mail (the same answer for any address; the recipient limit
 * as for every mail to an address), valid 7 days and kept only as its SHA-256; the page reads the reader's
 * choices per brand and channel and stops what they choose, never undoing a stop.
 */
export function createPreferenceService(deps: Omit<StopDeps, 'clock'> & { clock?: () => Date }) {
  const { db, brands } = deps
  const clock = deps.clock ?? (() => new Date())

  const linkOf = async (token: string) =>
    /^[\w-]{20,100}$/.test(token) ? findPreferenceToken(db.db, hashToken(token), clock().toISOString()) : null

  const viewOf = (link: PreferenceLink) => preferencesViewOf(db, brands, link)

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

    /** Stops what the reader chose (preference-stops.ts). */
    async stop(body: PreferenceStopBody, site: Site): Promise<PreferenceStopAnswer> {
      return stopPreferences({ ...deps, clock }, await linkOf(body.token), body, site)
    },
  }
}

export type PreferenceService = ReturnType<typeof createPreferenceService>
