import type { BrandCatalog } from '#shared/brands.ts'
import { readPhoneNumber } from '#shared/phone-number.ts'
import type { SuppressionChannel } from '#shared/privacy-rights/request.ts'
import {
  type AuditEntry,
  checkStaffBody,
  type RecordedObjection,
  type StaffAction,
  type StaffObjectionBody,
} from '#shared/privacy-rights/staff.ts'
import type { Country, Site } from '#shared/site.ts'
import type { Db } from '../db/database'
import { findRequest } from '../db/privacy-request-repository'
import { withFreshReference } from '../db/references'
import { recordChange } from '../db/request-changes'
import { appendAudit, auditOf, recordedBy, type StaffIdentity } from '../db/staff-repository'
import { objectionProcessedMail } from '../mail/templates'
import type { EmailDomainCheck } from './email-domain'
import { UndeliverableEmail, ValidationFailed } from './errors'
import { normalise, suppressionsFor } from './request-intake'
import { brandNames, requesterMails } from './request-mails'
import { recordSuppressions } from './webhooks'

export type { RecordedObjection }

export interface StaffService {
  /** Appends a sign-in, sign-out or refusal to the audit trail. */
  log(actor: StaffIdentity, action: StaffAction, country: Country): Promise<void>
  /**
   * Records an objection on behalf of a customer whose identity staff checked: executed at once, with
   * suppressions like a verified OBJECTION, the audit entry, and the confirmation mail when an e-mail
   * address is known, all in one transaction.
   */
  recordObjection(body: StaffObjectionBody, site: Site, actor: StaffIdentity): Promise<RecordedObjection>
  /** One recorded objection, only for the staff member who recorded it. */
  recorded(requestId: string, actor: StaffIdentity): Promise<RecordedObjection | null>
  /** The staff member's own most recent audit entries. */
  recent(actor: StaffIdentity, limit?: number): Promise<AuditEntry[]>
}

export interface StaffDeps {
  db: Db
  brands: BrandCatalog
  emailDomainCheck: EmailDomainCheck
  /** Reply-To of the customer's confirmation mail. */
  privacyMailbox: Readonly<Record<Country, string>>
  clock: () => Date
}

export function createStaffService(options: Omit<StaffDeps, 'clock'> & { clock?: () => Date }): StaffService {
  const deps: StaffDeps = { ...options, clock: options.clock ?? (() => new Date()) }
  const { db, clock } = deps
  return {
    async log(actor, action, country) {
      await appendAudit(db.db, {
        actor,
        action,
        country,
        requestId: null,
        details: {},
        occurredAt: clock().toISOString(),
      })
    },
    recordObjection: (body, site, actor) => recordObjection(deps, body, site, actor),
    recorded: (requestId, actor) => readRecorded(deps, requestId, actor),
    recent(actor, limit = 10) {
      return auditOf(db.db, actor, limit)
    },
  }
}

export async function recordObjection(
  deps: StaffDeps,
  body: StaffObjectionBody,
  site: Site,
  actor: StaffIdentity,
): Promise<RecordedObjection> {
  const known = new Set(deps.brands[site.country].brands.flatMap((brand) => brand.nroKeys))
  const errors = checkStaffBody(body, site.country, known, readPhoneNumber)
  if (errors.length > 0) throw new ValidationFailed(errors)
  const now = deps.clock()
  const request = normalise(body, site, now)
  if (request.email && !(await deps.emailDomainCheck(request.email))) throw new UndeliverableEmail()
  const nowIso = now.toISOString()
  const mails = requesterMails(deps.brands, deps.privacyMailbox)
  // Staff checked the customer's identity: the request counts as verified and is executed at once.
  // The note is free text about a customer: it stays with the request, never in the audit trail.
  const executed = {
    ...request,
    status: 'executed' as const,
    verifiedAt: nowIso,
    executedAt: nowIso,
    identityCheck: body.identityCheck.method,
    identityNote: body.identityCheck.note?.trim() || null,
  }
  await withFreshReference(site.country, now, async (reference) => {
    executed.reference = reference
    const mail = objectionProcessedMail(mails.translate(executed), mails.named(executed), 'staff')
    await recordChange(deps.db, nowIso, {
      requestId: executed.id,
      insert: executed,
      events: [{ kind: 'executed', occurredAt: nowIso, actor, detail: body.identityCheck.method }],
      audit: {
        actor,
        action: 'OBJECTION_RECORDED',
        country: site.country,
        details: {
          brands: executed.brands,
          channels: executed.communicationTypes as SuppressionChannel[],
          identityCheck: body.identityCheck.method,
          confirmationMail: executed.email !== null,
        },
      },
      also: (trx) => recordSuppressions(trx, executed, suppressionsFor(executed), nowIso),
      mails: [mails.to(executed, 'objection-processed', mail)],
    })
  })
  const recorded = await readRecorded(deps, executed.id, actor)
  if (!recorded) throw new Error('The recorded objection could not be read back')
  return recorded
}

export async function readRecorded(
  deps: StaffDeps,
  requestId: string,
  actor: StaffIdentity,
): Promise<RecordedObjection | null> {
  const entry = await recordedBy(deps.db.db, actor, requestId)
  if (!entry) return null
  const request = await findRequest(deps.db.db, requestId)
  if (!request) return null
  const { details } = entry
  const info = request.userInfo
  const name = [info?.firstName, info?.lastName].filter(Boolean).join(' ')
  return {
    requestId,
    reference: request.reference ?? requestId,
    recordedAt: entry.occurredAt,
    country: request.country,
    language: request.language,
    brands: brandNames(deps.brands, request.country, request.brands),
    channels: request.communicationTypes as SuppressionChannel[],
    email: request.email,
    phoneNumber: request.phoneNumber,
    name: name || null,
    address: info?.address ?? null,
    identityCheck: request.identityCheck ?? details.identityCheck ?? 'PHONE_CALL',
    identityNote: request.identityNote,
    confirmationMail: details.confirmationMail ?? false,
  }
}
