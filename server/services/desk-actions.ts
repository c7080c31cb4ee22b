import { randomBytes } from 'node:crypto'
import { formatLongDate } from '#shared/format.ts'
import type { RejectionReason, RequestDetail } from '#shared/privacy-rights/desk.ts'
import {
  decideRequestAction,
  type RequestAction,
  type RequestRefusal,
} from '#shared/privacy-rights/request-lifecycle.ts'
import type { AuditEntry, StaffAction } from '#shared/privacy-rights/staff.ts'
import type { RequestEvent } from '../db/desk-repository'
import type { OutgoingMail } from '../db/outbox-repository'
import type { PrivacyRequest, RequestStatus, StatusChange } from '../db/privacy-request-repository'
import { recordChange } from '../db/request-changes'
import { extensionMail, rejectionMail, replyMail } from '../mail/templates'
import { taskViews } from './brand-tasks'
import { requestDetail } from './desk-detail'
import { checkWritten, DAY_MS, type DeskActor, type DeskDeps, originOf, requestFor } from './desk-request'
import { InvalidTransition, TasksOpen } from './errors'
import { noteOnce } from './note-once'
import { addMonths, hashToken } from './request-intake'
import { requesterMails } from './request-mails'

/** GDPR Art. 12(3): once, by at most two months, told within the first month. */
export async function extendRequest(deps: DeskDeps, actor: DeskActor, reference: string, reason: string) {
  checkWritten('reason', reason)
  const request = await requestFor(deps.db, actor, reference)
  const now = deps.clock()
  const status = statusAfter(request, 'extend', now)
  const dueAt = addMonths(new Date(String(request.originalDueAt)), 2).toISOString()
  const mails = requesterMails(deps.brands, deps.privacyMailbox)
  const dueText = formatLongDate(dueAt.slice(0, 10), request.language, request.country)
  const mail = extensionMail(mails.translate(request), mails.named(request), reason, dueText)
  return saveAction(deps, actor, request, now, {
    action: 'REQUEST_EXTENDED',
    update: { status, dueAt },
    events: [{ kind: 'extended', occurredAt: now.toISOString(), actor, detail: dueAt, text: reason }],
    mail: mails.to(request, 'extended', mail),
  })
}

/** Issue 25: 409 TASKS_OPEN while a brand system has not answered, unless `closeWithoutTasks` says why. */
export async function completeRequest(
  deps: DeskDeps,
  actor: DeskActor,
  reference: string,
  message: string,
  closeWithoutTasks?: string,
) {
  checkWritten('message', message)
  const request = await requestFor(deps.db, actor, reference)
  const now = deps.clock()
  const tasks = await taskViews(deps.db, deps.brands, request, now)
  const waiting = tasks.filter((task) => task.state === 'waiting' || task.state === 'overdue').length
  if (waiting > 0 && !closeWithoutTasks) throw new TasksOpen(waiting)
  const status = statusAfter(request, 'complete', now)
  const at = now.toISOString()
  // The reply mail links the request's page (per brand what was done; for access the package, behind a
  // code): a link of its own, as the receipt's token is not kept.
  const token = randomBytes(32).toString('base64url')
  const packageUntil =
    request.flowType === 'RIGHT_OF_ACCESS'
      ? new Date(now.getTime() + deps.accessPackageDays * DAY_MS).toISOString()
      : null
  const mails = requesterMails(deps.brands, deps.privacyMailbox)
  const link = `${originOf(deps, request)}/${request.language}/privacy-rights/status?token=${token}`
  const until = packageUntil
    ? formatLongDate(packageUntil.slice(0, 10), request.language, request.country)
    : null
  const mail = replyMail(mails.translate(request), mails.named(request), message, { link, until })
  const waived = waiting > 0 && closeWithoutTasks
  return saveAction(deps, actor, request, now, {
    action: 'REQUEST_COMPLETED',
    update: {
      status,
      closedAt: at,
      replyTokenHash: hashToken(token),
      ...(packageUntil ? { packageExpiresAt: packageUntil } : {}),
    },
    events: [
      // Issue 25: the tasks the team closes without, before the completion itself.
      ...(waived
        ? [{ kind: 'tasks-waived' as const, occurredAt: at, actor, detail: String(waiting), text: waived }]
        : []),
      { kind: 'completed', occurredAt: at, actor, text: message },
    ],
    audit: waived ? { tasksWaived: waiting } : {},
    mail: mails.to(request, 'completed', mail),
  })
}

export async function rejectRequest(
  deps: DeskDeps,
  actor: DeskActor,
  reference: string,
  reason: RejectionReason,
  message: string,
) {
  checkWritten('message', message)
  const request = await requestFor(deps.db, actor, reference)
  const now = deps.clock()
  const status = statusAfter(request, 'reject', now)
  const mails = requesterMails(deps.brands, deps.privacyMailbox)
  const mail = rejectionMail(mails.translate(request), mails.named(request), reason, message)
  return saveAction(deps, actor, request, now, {
    action: 'REQUEST_REJECTED',
    update: { status, closedAt: now.toISOString() },
    events: [{ kind: 'rejected', occurredAt: now.toISOString(), actor, detail: reason, text: message }],
    mail: mails.to(request, 'rejected', mail),
  })
}

/** A note on the timeline, in any status; with an Idempotency-Key, written once (note-once.ts). */
export async function addNote(
  deps: DeskDeps,
  actor: DeskActor,
  reference: string,
  text: string,
  key?: string,
) {
  const request = await requestFor(deps.db, actor, reference)
  const now = deps.clock()
  return noteOnce(
    deps.db,
    'request',
    request.id,
    text,
    key,
    (id) =>
      saveAction(deps, actor, request, now, {
        action: 'NOTE_ADDED',
        events: [{ ...(id ? { id } : {}), kind: 'note', occurredAt: now.toISOString(), actor, text }],
      }),
    async () => requestDetail(deps, actor, await requestFor(deps.db, actor, reference)),
  )
}

/** The status the lifecycle table leads to, or the 409 that says why it refuses the action. */
function statusAfter(request: PrivacyRequest, action: RequestAction, now: Date): RequestStatus {
  const decision = decideRequestAction(
    { status: request.status, originalDueAt: request.originalDueAt, now },
    action,
  )
  if ('transition' in decision) return decision.transition.to
  throw new InvalidTransition(refusalMessage(action, request.status, decision.refusal))
}

const PAST: Record<RequestAction, string> = { extend: 'extended', complete: 'completed', reject: 'rejected' }

function refusalMessage(action: RequestAction, status: RequestStatus, refusal: RequestRefusal): string {
  if (action === 'extend' && refusal === 'already')
    return 'The request was extended already; it can be extended only once'
  if (refusal === 'withinFirstMonth')
    return 'The first month has passed: the request can no longer be extended'
  return `A ${status} request cannot be ${PAST[action]}`
}

/**
 * One staff action through the one write path: the status change (only from the status it was decided on),
 * the timeline, the audit entry and the mail, together; then the request's page as it is now.
 */
async function saveAction(
  deps: DeskDeps,
  actor: DeskActor,
  request: PrivacyRequest,
  now: Date,
  step: {
    action: StaffAction
    update?: StatusChange
    events: RequestEvent[]
    /** What the audit trail records beside the action (never contact data or free text). */
    audit?: AuditEntry['details']
    mail?: OutgoingMail | null
  },
): Promise<RequestDetail> {
  const written = await recordChange(deps.db, now.toISOString(), {
    requestId: request.id,
    ...(step.update ? { update: step.update, from: [request.status] } : {}),
    events: step.events,
    audit: { actor, action: step.action, country: request.country, details: step.audit ?? {} },
    mails: [step.mail ?? null],
  })
  if (!written) throw new InvalidTransition('The request changed meanwhile; reload it')
  return requestDetail(deps, actor, await requestFor(deps.db, actor, request.reference ?? ''))
}
