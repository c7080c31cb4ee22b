import { createHash, randomBytes } from 'node:crypto'
import type { BrandCatalog } from '#shared/brands.ts'
import { formatLongDate } from '#shared/format.ts'
import { teamTranslate } from '#shared/i18n/catalog.server.ts'
import { readPhoneNumber } from '#shared/phone-number.ts'
import {
  isFilled,
  objectionChannels,
  type PrivacyRequestBody,
  phoneOrNothing,
  postalNameOf,
  type SuppressionChannel,
} from '#shared/privacy-rights/request.ts'
import { checkBody } from '#shared/privacy-rights/rules.ts'
import type { Country, Site } from '#shared/site.ts'
import type { Db } from '../db/database'
import { insertEvent } from '../db/desk-repository'
import { keyedId, writeOnce } from '../db/idempotency'
import {
  consumeToken,
  findRequest,
  findToken,
  insertRequest,
  type PrivacyRequest,
  requestInsert,
  type Suppression,
  tokenInsert,
  updateStatus,
} from '../db/privacy-request-repository'
import { withFreshReference } from '../db/references'
import { eventInsert } from '../db/timeline-repository'
import { insertWithMails, saveWithMails } from '../db/unit-of-work'
import { objectionProcessedMail, privacyTeamMail, receiptMail, verificationMail } from '../mail/templates'
import { createTasks } from './brand-tasks'
import type { EmailDomainCheck } from './email-domain'
import { IdempotencyKeyReused, UndeliverableEmail, ValidationFailed } from './errors'
import type { RecipientMailLimit } from './recipient-limit'
import { requesterMails } from './request-mails'
import { publishVerified, recordSuppressions } from './webhooks'

export interface PrivacyRequestSettings {
  verificationTtlHours: number
  privacyMailbox: Readonly<Record<'NL' | 'BE', string>>
  /** The country's staff area (host table), for the team mail's link to the desk; null: no link. */
  deskOrigin?: (country: Country) => string | null
}

export type VerificationState =
  | { state: 'valid'; request: PrivacyRequest }
  | { state: 'confirmed'; request: PrivacyRequest }
  | { state: 'expired' }
  | { state: 'failed' }

export interface PrivacyRequestService {
  /** Spec §7: stores a request (and its verification mail) or refuses it (ValidationFailed, UndeliverableEmail). */
  submit(
    body: PrivacyRequestBody,
    site: Site,
    /** Issue 30: the same key again answers the first submission's answer and stores nothing. */
    idempotencyKey?: string,
  ): Promise<{ id: string; reference: string; status: PrivacyRequest['status'] }>
  /** What the verification page shows for a token, without consuming it (mail scanners open links). */
  preview(token: string): Promise<VerificationState>
  /** The confirm button: consumes the token and executes the request. Confirming twice succeeds twice. */
  confirm(token: string, site: Site): Promise<'verified' | 'expired' | 'failed'>
}

export function createPrivacyRequestService(deps: {
  db: Db
  brands: BrandCatalog
  emailDomainCheck: EmailDomainCheck
  mailLimit: RecipientMailLimit
  settings: PrivacyRequestSettings
  clock?: () => Date
}): PrivacyRequestService {
  const { db, brands, emailDomainCheck, mailLimit, settings } = deps
  const clock = deps.clock ?? (() => new Date())
  const mails = requesterMails(brands, settings.privacyMailbox)

  return {
    async submit(body, site, idempotencyKey) {
      const request = normalise(body, site, clock())
      if (idempotencyKey) request.id = keyedId('privacy-request', site.country, idempotencyKey)
      const known = new Set(brands[site.country].brands.flatMap((brand) => brand.nroKeys))
      const errors = checkBody(body, site.country, known, readPhoneNumber)
      if (errors.length > 0) throw new ValidationFailed(errors)
      if (request.email && !(await emailDomainCheck(request.email))) throw new UndeliverableEmail()
      const now = request.createdAt
      // Beyond the limit the request is stored and answered as usual; only its mail is not sent.
      const mayMail = request.email ? await mailLimit.allows('verification', request.email) : false
      const replay = async () => {
        const first = await findRequest(db.db, request.id)
        if (!first || first.email !== request.email || first.flowType !== request.flowType)
          throw new IdempotencyKeyReused()
        return { id: first.id, reference: first.reference ?? '', status: first.status }
      }
      // The request, with its first timeline entries and its mail (or its suppressions: no address to verify).
      const store = async () => {
        await withFreshReference(request.country, new Date(now), async (reference) => {
          request.reference = reference
          if (!request.email) {
            // An objection without an e-mail address cannot be verified by mail. It only stops processing
            // (spec §1: opting out), so it is recorded at once.
            const executed = { ...request, status: 'executed' as const, executedAt: now }
            await saveWithMails(db, now, async (trx) => {
              await insertRequest(trx, executed)
              await insertEvent(trx, executed.id, { kind: 'received', occurredAt: now })
              await insertEvent(trx, executed.id, { kind: 'executed', occurredAt: now })
              await recordSuppressions(trx, executed, suppressionsFor(executed), now)
              return []
            })
            request.status = 'executed'
            return
          }
          // DESIGN.md decision 7: 32 random bytes in the link, only their SHA-256 in the database.
          const token = randomBytes(32).toString('base64url')
          const expiresAt = new Date(Date.parse(now) + settings.verificationTtlHours * 3600_000).toISOString()
          const link = `${site.origin}/${request.language}/verify-email?token=${token}`
          // The request, its timeline's first entries, its token and its mail: one round trip (PostgreSQL).
          await insertWithMails(
            db,
            now,
            [
              requestInsert(db.db, request),
              eventInsert(db.db, 'request', request.id, { kind: 'received', occurredAt: now }),
              tokenInsert(db.db, { hash: hashToken(token), requestId: request.id, expiresAt }),
            ],
            [
              mayMail &&
                mails.to(
                  request,
                  'verification',
                  verificationMail(
                    mails.translate(request),
                    mails.named(request),
                    link,
                    settings.verificationTtlHours,
                  ),
                ),
            ],
            'request',
          )
        })
        return { id: request.id, reference: request.reference ?? '', status: request.status }
      }
      return writeOnce(idempotencyKey, store, replay)
    },

    async preview(token) {
      const found = await findToken(db.db, hashToken(token))
      if (!found) return { state: 'failed' }
      const request = await findRequest(db.db, found.requestId)
      if (!request) return { state: 'failed' }
      if (found.consumedAt) return { state: 'confirmed', request }
      if (Date.parse(found.expiresAt) <= clock().getTime()) return { state: 'expired' }
      return { state: 'valid', request }
    },

    async confirm(token, site) {
      const hash = hashToken(token)
      const found = await findToken(db.db, hash)
      if (!found) return 'failed'
      if (found.consumedAt) return 'verified'
      const now = clock()
      if (Date.parse(found.expiresAt) <= now.getTime()) return 'expired'
      const nowIso = now.toISOString()
      const request = await findRequest(db.db, found.requestId)
      if (!request) return 'failed'
      const t = mails.translate(request)
      const named = mails.named(request)
      await saveWithMails(db, nowIso, async (trx) => {
        // Only the caller that consumes the token executes the request; a concurrent second click sees success.
        if (!(await consumeToken(trx, hash, nowIso))) return []
        await insertEvent(trx, request.id, { kind: 'verified', occurredAt: nowIso })
        await publishVerified(trx, request, nowIso)
        if (request.flowType === 'OBJECTION') {
          await recordSuppressions(trx, request, suppressionsFor(request), nowIso)
          await updateStatus(trx, request.id, { status: 'executed', verifiedAt: nowIso, executedAt: nowIso })
          await insertEvent(trx, request.id, { kind: 'executed', occurredAt: nowIso })
          return [mails.to(request, 'objection-processed', objectionProcessedMail(t, named))]
        }
        // GDPR Art. 12(3): an answer within one month of the verified request (docs/decisions/002).
        const dueAt = addMonths(now, 1).toISOString()
        const statusToken = randomBytes(32).toString('base64url')
        await updateStatus(trx, request.id, {
          status: 'open',
          verifiedAt: nowIso,
          dueAt,
          originalDueAt: dueAt,
          statusTokenHash: hashToken(statusToken),
        })
        // Issue 25: access, erasure and rectification go to every brand system that takes tasks.
        await createTasks(trx, brands, { ...request, status: 'open', dueAt }, nowIso)
        const dueText = formatLongDate(dueAt.slice(0, 10), request.language, request.country)
        const team = teamTranslate(request.country)
        const teamDue = formatLongDate(dueAt.slice(0, 10), 'nl', request.country)
        const desk = settings.deskOrigin?.(request.country)
        const deskLink = desk ? `${desk}/nl/internal-privacy-rights/requests/${request.reference}` : null
        const origin = request.origin ?? site.origin
        const statusLink = `${origin}/${request.language}/privacy-rights/status?token=${statusToken}`
        return [
          {
            kind: 'privacy-team',
            aboutId: request.id,
            to: settings.privacyMailbox[request.country],
            ...privacyTeamMail(team, named, teamDue, deskLink),
          },
          mails.to(request, 'receipt', receiptMail(t, named, dueText, statusLink)),
        ]
      })
      return 'verified'
    },
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

/** Calendar months on: 31 January + one month is the last day of February, not 3 March. */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date)
  const day = next.getUTCDate()
  next.setUTCDate(1)
  next.setUTCMonth(next.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate()
  next.setUTCDate(Math.min(day, lastDay))
  return next
}

function trimmed(value: string | undefined): string | null {
  return isFilled(value) ? value.trim() : null
}

/**
 * The stored request: trimmed text, placeholders as nothing, a lone "+" phone as not set, a phone number as
 * E.164 read in the site's country (checkBody refused one that cannot be read).
 */
export function normalise(body: PrivacyRequestBody, site: Site, now: Date): PrivacyRequest {
  const info = body.userInfo
  const address = info?.address
  const cleanAddress = address
    ? Object.fromEntries(
        Object.entries(address)
          .filter(([, v]) => typeof v === 'string' && isFilled(v))
          .map(([k, v]) => [k, (v as string).trim()]),
      )
    : null
  const userInfo =
    info &&
    (isFilled(info.firstName) ||
      isFilled(info.lastName) ||
      info.salutation ||
      (cleanAddress && Object.keys(cleanAddress).length > 0))
      ? {
          ...(info.salutation ? { salutation: info.salutation } : {}),
          ...(isFilled(info.firstName) ? { firstName: info.firstName.trim() } : {}),
          ...(isFilled(info.lastName) ? { lastName: info.lastName.trim() } : {}),
          ...(cleanAddress && Object.keys(cleanAddress).length > 0 ? { address: cleanAddress } : {}),
        }
      : null
  const communicationTypes = body.flowType === 'OBJECTION' ? objectionChannels(body) : []
  return {
    id: crypto.randomUUID(),
    flowType: body.flowType,
    status: 'pending',
    country: site.country,
    language: body.language,
    email: trimmed(body.email)?.toLowerCase() ?? null,
    phoneNumber: phoneOrNothing(body.phoneNumber)
      ? (readPhoneNumber(body.phoneNumber ?? '', site.country)?.number ?? null)
      : null,
    userMessage: trimmed(body.userMessage),
    article: trimmed(body.article),
    publicationLink: trimmed(body.publicationLink),
    publicationDate: trimmed(body.publicationDate),
    brandName: trimmed(body.brandName),
    brands: body.flowType === 'OBJECTION' ? [...new Set(body.brands ?? [])] : [],
    communicationTypes,
    userInfo,
    touchpoint: trimmed(body.touchpoint),
    origin: site.origin,
    createdAt: now.toISOString(),
    verifiedAt: null,
    executedAt: null,
    dueAt: null,
    identityCheck: null,
    identityNote: null,
    reference: null,
  }
}

/** Every brand key × chosen channel, with the contact data of that channel (NOTIFICATIONS: nothing). */
export function suppressionsFor(request: PrivacyRequest): Suppression[] {
  const channels = request.communicationTypes.filter((c): c is SuppressionChannel => c !== 'NOTIFICATIONS')
  return channels.flatMap((channel) =>
    request.brands.map((brandKey) => ({
      channel,
      brandKey,
      country: request.country,
      email: channel === 'EMAIL' ? request.email : null,
      phoneNumber: channel === 'PHONE' ? request.phoneNumber : null,
      postalAddress: channel === 'POSTAL' ? (request.userInfo?.address ?? null) : null,
      // The name the postal channel requires: which resident at that address objected (issue 27).
      postalName: channel === 'POSTAL' ? postalNameOf(request.userInfo) : null,
      requestId: request.id,
    })),
  )
}
