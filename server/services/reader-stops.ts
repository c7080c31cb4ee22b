import type { BrandCatalog } from '#shared/brands.ts'
import { postalNameOf, type SuppressionChannel, type UserInfo } from '#shared/privacy-rights/request.ts'
import type { Country } from '#shared/site.ts'
import type { Db } from '../db/database'
import type { PrivacyRequest, Suppression } from '../db/privacy-request-repository'
import { withFreshReference } from '../db/references'
import { recordChange } from '../db/request-changes'
import { objectionProcessedMail } from '../mail/templates'
import { requesterMails } from './request-mails'
import { recordSuppressions } from './webhooks'

/** A stop the reader asked for: one brand key, one channel. */
export interface StopPair {
  brandKey: string
  channel: SuppressionChannel
}

/**
 * Issue 28: stops the reader made themselves (the preference centre, a one-click unsubscribe), recorded as an
 * objection executed at once: its request with a reference and timeline, one suppression per brand key and
 * channel (in the feed, announced by the webhooks, as any verified objection), and, when `mail`, one
 * confirmation to the reader. All in one transaction. The address was proven by the link it came through.
 */
export async function recordReaderStops(
  deps: { db: Db; brands: BrandCatalog; privacyMailbox: Readonly<Record<Country, string>> },
  reader: {
    email: string
    country: Country
    language: 'nl' | 'fr'
    origin: string
    touchpoint: string
    phoneNumber?: string | null
    userInfo?: UserInfo | null
  },
  pairs: readonly StopPair[],
  now: Date,
  options: { mail: boolean },
): Promise<string> {
  const mails = requesterMails(deps.brands, deps.privacyMailbox)
  const nowIso = now.toISOString()
  const channels = [...new Set(pairs.map((pair) => pair.channel))]
  const request: PrivacyRequest = {
    id: crypto.randomUUID(),
    flowType: 'OBJECTION',
    status: 'executed',
    country: reader.country,
    language: reader.language,
    email: reader.email,
    phoneNumber: channels.includes('PHONE') ? (reader.phoneNumber ?? null) : null,
    userMessage: null,
    article: null,
    publicationLink: null,
    publicationDate: null,
    brandName: null,
    brands: [...new Set(pairs.map((pair) => pair.brandKey))],
    communicationTypes: channels,
    userInfo: channels.includes('POSTAL') ? (reader.userInfo ?? null) : null,
    touchpoint: reader.touchpoint,
    origin: reader.origin,
    createdAt: nowIso,
    verifiedAt: nowIso,
    executedAt: nowIso,
    dueAt: null,
    identityCheck: null,
    identityNote: null,
    reference: null,
  }
  const suppressions: Suppression[] = pairs.map((pair) => ({
    channel: pair.channel,
    brandKey: pair.brandKey,
    country: reader.country,
    email: pair.channel === 'EMAIL' ? reader.email : null,
    phoneNumber: pair.channel === 'PHONE' ? (reader.phoneNumber ?? null) : null,
    postalAddress: pair.channel === 'POSTAL' ? (reader.userInfo?.address ?? null) : null,
    postalName: pair.channel === 'POSTAL' ? postalNameOf(reader.userInfo ?? null) : null,
    requestId: request.id,
  }))
  return withFreshReference(reader.country, now, async (reference) => {
    const stored = { ...request, reference }
    const mail = objectionProcessedMail(mails.translate(stored), mails.named(stored), 'preferences')
    await recordChange(deps.db, nowIso, {
      requestId: stored.id,
      insert: stored,
      events: [
        { kind: 'received', occurredAt: nowIso },
        { kind: 'executed', occurredAt: nowIso },
      ],
      also: (trx) => recordSuppressions(trx, stored, suppressions, nowIso),
      mails: options.mail ? [mails.to(stored, 'objection-processed', mail)] : [],
    })
    return reference
  })
}
