import { randomBytes } from 'node:crypto'
import { formatLongDate } from '#shared/format.ts'
import { teamTranslate } from '#shared/i18n/catalog.server.ts'
import type { Site } from '#shared/site.ts'
import { findRequest, type PrivacyRequest } from '../db/privacy-request-repository'
import { recordChange } from '../db/request-changes'
import { consumeToken, findToken } from '../db/verification-token-repository'
import { objectionProcessedMail, privacyTeamMail, receiptMail } from '../mail/templates'
import { createTasks } from './brand-tasks'
import type { PrivacyRequestDeps, VerificationState } from './request-deps'
import { addMonths, hashToken, suppressionsFor } from './request-intake'
import { requesterMails } from './request-mails'
import { publishVerified, recordSuppressions } from './webhooks'

/** What the verification page shows for a token, without consuming it (mail scanners open links). */
export async function previewToken(deps: PrivacyRequestDeps, token: string): Promise<VerificationState> {
  const found = await findToken(deps.db.db, hashToken(token))
  if (!found) return { state: 'failed' }
  const request = await findRequest(deps.db.db, found.requestId)
  if (!request) return { state: 'failed' }
  if (found.consumedAt) return { state: 'confirmed', request }
  if (Date.parse(found.expiresAt) <= deps.clock().getTime()) return { state: 'expired' }
  return { state: 'valid', request }
}

/** The confirm button: consumes the token and executes the request. Confirming twice succeeds twice. */
export async function confirmRequest(
  deps: PrivacyRequestDeps,
  token: string,
  site: Site,
): Promise<'verified' | 'expired' | 'failed'> {
  const hash = hashToken(token)
  const found = await findToken(deps.db.db, hash)
  if (!found) return 'failed'
  if (found.consumedAt) return 'verified'
  const now = deps.clock()
  if (Date.parse(found.expiresAt) <= now.getTime()) return 'expired'
  const request = await findRequest(deps.db.db, found.requestId)
  if (!request) return 'failed'
  const nowIso = now.toISOString()
  // Only the caller that consumes the token executes the request; a concurrent second click sees success.
  const claim = (trx: Parameters<typeof consumeToken>[0]) => consumeToken(trx, hash, nowIso)
  const change =
    request.flowType === 'OBJECTION'
      ? executeObjection(deps, request, nowIso)
      : openRequest(deps, request, now, site)
  await recordChange(deps.db, nowIso, { ...change, claim })
  return 'verified'
}

/** A confirmed objection is executed at once: its suppressions, told to the brand systems, and its mail. */
function executeObjection(deps: PrivacyRequestDeps, request: PrivacyRequest, nowIso: string) {
  const mails = requesterMails(deps.brands, deps.settings.privacyMailbox)
  const mail = objectionProcessedMail(mails.translate(request), mails.named(request))
  return {
    requestId: request.id,
    update: { status: 'executed' as const, verifiedAt: nowIso, executedAt: nowIso },
    events: [
      { kind: 'verified' as const, occurredAt: nowIso },
      { kind: 'executed' as const, occurredAt: nowIso },
    ],
    also: async (trx: Parameters<typeof publishVerified>[0]) => {
      await publishVerified(trx, request, nowIso)
      await recordSuppressions(trx, request, suppressionsFor(request), nowIso)
    },
    mails: [mails.to(request, 'objection-processed', mail)],
  }
}

/**
 * GDPR Art. 12(3): an answer within one month of the verified request (docs/decisions/002). The team is told
 * with a link to the desk, the requester gets a receipt with a link to the request's page; issue 25: access,
 * erasure and rectification go to every brand system that takes tasks.
 */
function openRequest(deps: PrivacyRequestDeps, request: PrivacyRequest, now: Date, site: Site) {
  const { brands, settings } = deps
  const nowIso = now.toISOString()
  const mails = requesterMails(brands, settings.privacyMailbox)
  const named = mails.named(request)
  const dueAt = addMonths(now, 1).toISOString()
  const statusToken = randomBytes(32).toString('base64url')
  const dueText = formatLongDate(dueAt.slice(0, 10), request.language, request.country)
  const teamDue = formatLongDate(dueAt.slice(0, 10), 'nl', request.country)
  const desk = settings.deskOrigin?.(request.country)
  const deskLink = desk ? `${desk}/nl/internal-privacy-rights/requests/${request.reference}` : null
  const origin = request.origin ?? site.origin
  const statusLink = `${origin}/${request.language}/privacy-rights/status?token=${statusToken}`
  const update = { status: 'open' as const, verifiedAt: nowIso, dueAt, originalDueAt: dueAt }
  return {
    requestId: request.id,
    update: { ...update, statusTokenHash: hashToken(statusToken) },
    events: [{ kind: 'verified' as const, occurredAt: nowIso }],
    also: async (trx: Parameters<typeof publishVerified>[0]) => {
      await publishVerified(trx, request, nowIso)
      await createTasks(trx, brands, { ...request, status: 'open', dueAt }, nowIso)
    },
    mails: [
      {
        kind: 'privacy-team',
        aboutId: request.id,
        to: settings.privacyMailbox[request.country],
        ...privacyTeamMail(teamTranslate(request.country), named, teamDue, deskLink),
      },
      mails.to(request, 'receipt', receiptMail(mails.translate(request), named, dueText, statusLink)),
    ],
  }
}
