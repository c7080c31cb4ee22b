import { randomBytes } from 'node:crypto'
import { readPhoneNumber } from '#shared/phone-number.ts'
import type { PrivacyRequestBody } from '#shared/privacy-rights/request.ts'
import { checkBody } from '#shared/privacy-rights/rules.ts'
import type { Site } from '#shared/site.ts'
import { keyedId, writeOnce } from '../db/idempotency'
import { findRequest, type PrivacyRequest } from '../db/privacy-request-repository'
import { withFreshReference } from '../db/references'
import { recordChange } from '../db/request-changes'
import { verificationMail } from '../mail/templates'
import { IdempotencyKeyReused, UndeliverableEmail, ValidationFailed } from './errors'
import type { PrivacyRequestDeps } from './request-deps'
import { hashToken, normalise, suppressionsFor } from './request-intake'
import { requesterMails } from './request-mails'
import { recordSuppressions } from './webhooks'

/** Spec §7: stores a request (and its verification mail) or refuses it (ValidationFailed, UndeliverableEmail). */
export async function submitRequest(
  deps: PrivacyRequestDeps,
  body: PrivacyRequestBody,
  site: Site,
  idempotencyKey?: string,
): Promise<{ id: string; reference: string; status: PrivacyRequest['status'] }> {
  const { db, brands } = deps
  const request = normalise(body, site, deps.clock())
  if (idempotencyKey) request.id = keyedId('privacy-request', site.country, idempotencyKey)
  const known = new Set(brands[site.country].brands.flatMap((brand) => brand.nroKeys))
  const errors = checkBody(body, site.country, known, readPhoneNumber)
  if (errors.length > 0) throw new ValidationFailed(errors)
  if (request.email && !(await deps.emailDomainCheck(request.email))) throw new UndeliverableEmail()
  // Beyond the limit the request is stored and answered as usual; only its mail is not sent.
  const mayMail = request.email ? await deps.mailLimit.allows('verification', request.email) : false
  const replay = async () => {
    const first = await findRequest(db.db, request.id)
    if (!first || first.email !== request.email || first.flowType !== request.flowType)
      throw new IdempotencyKeyReused()
    return { id: first.id, reference: first.reference ?? '', status: first.status }
  }
  const store = async () => {
    await withFreshReference(request.country, new Date(request.createdAt), async (reference) => {
      request.reference = reference
      if (request.email) await storeToVerify(deps, request, site, mayMail)
      else {
        await storeExecuted(deps, request)
        request.status = 'executed'
      }
    })
    return { id: request.id, reference: request.reference ?? '', status: request.status }
  }
  return writeOnce(idempotencyKey, store, replay)
}

/**
 * A request with an e-mail address: stored pending with its first timeline entry, its verification token and
 * mail, in one round trip (PostgreSQL). DESIGN.md decision 7: 32 random bytes in the link, only their SHA-256
 * in the database.
 */
async function storeToVerify(
  deps: PrivacyRequestDeps,
  request: PrivacyRequest,
  site: Site,
  mayMail: boolean,
) {
  const { settings } = deps
  const now = request.createdAt
  const mails = requesterMails(deps.brands, settings.privacyMailbox)
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.parse(now) + settings.verificationTtlHours * 3600_000).toISOString()
  const link = `${site.origin}/${request.language}/verify-email?token=${token}`
  const mail = verificationMail(
    mails.translate(request),
    mails.named(request),
    link,
    settings.verificationTtlHours,
  )
  await recordChange(deps.db, now, {
    requestId: request.id,
    insert: request,
    token: { hash: hashToken(token), expiresAt },
    events: [{ kind: 'received', occurredAt: now }],
    mails: [mayMail && mails.to(request, 'verification', mail)],
  })
}

/**
 * An objection without an e-mail address cannot be verified by mail. It only stops processing (spec §1:
 * opting out), so it is recorded at once, with its suppressions.
 */
async function storeExecuted(deps: PrivacyRequestDeps, request: PrivacyRequest) {
  const now = request.createdAt
  const executed = { ...request, status: 'executed' as const, executedAt: now }
  await recordChange(deps.db, now, {
    requestId: executed.id,
    insert: executed,
    events: [
      { kind: 'received', occurredAt: now },
      { kind: 'executed', occurredAt: now },
    ],
    also: (trx) => recordSuppressions(trx, executed, suppressionsFor(executed), now),
  })
}
