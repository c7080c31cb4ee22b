import { randomBytes } from 'node:crypto'
import { formatAddress } from '#shared/address.ts'
import type { BrandCatalog } from '#shared/brands.ts'
import { formatLongDate } from '#shared/format.ts'
import { teamTranslate } from '#shared/i18n/catalog.server.ts'
import type { Locale } from '#shared/locale.ts'
import type {
  DeskQuery,
  QueueItem,
  RejectionReason,
  RequestDetail,
  TimelineEvent,
} from '#shared/privacy-rights/desk.ts'
import {
  allowedRequestActions,
  type RequestAction,
  requestTransition,
} from '#shared/privacy-rights/request-lifecycle.ts'
import type { AuditEntry, StaffAction } from '#shared/privacy-rights/staff.ts'
import { findPlaceholder, TASK_OVERDUE_DAYS } from '#shared/privacy-rights/tasks.ts'
import type { Country } from '#shared/site.ts'
import { appliedOf, unconfirmedBefore } from '../db/api-client-repository'
import type { Db } from '../db/database'
import {
  claimJobRun,
  dueBefore,
  dueForExpiry,
  dueForReminder,
  eventsOf,
  insertEvent,
  listRequests,
  markReminded,
  type QueueRow,
  relatedRequests,
  tokenExpiry,
} from '../db/desk-repository'
import { findFile, type StoredFile } from '../db/file-repository'
import {
  findByReference,
  insertToken,
  type PrivacyRequest,
  updateStatus,
} from '../db/privacy-request-repository'
import { appendAudit, type StaffIdentity } from '../db/staff-repository'
import { markTasksReminded, overdueTasks } from '../db/task-repository'
import { saveWithMails } from '../db/unit-of-work'
import type { Logger } from '../logger'
import {
  digestMail,
  expiredMail,
  extensionMail,
  overdueTasksMail,
  rejectionMail,
  reminderMail,
  replyMail,
  UNCONFIRMED_LISTED,
  unconfirmedMail,
} from '../mail/templates'
import { taskViews } from './brand-tasks'
import { daysLeft, type QueueExport, queueCsv } from './desk-csv'
import { InvalidTransition, NotFound, PlaceholderLeft, TasksOpen } from './errors'
import type { FileStore } from './file-store'
import { addMonths, hashToken } from './privacy-requests'
import type { RecipientMailLimit } from './recipient-limit'
import { requesterMails } from './request-mails'

const DAY_MS = 86_400_000
/** Spec §9 promises the brands stop within 30 days: after 25 without a confirmation, the team hears of it. */
const UNCONFIRMED_AFTER_DAYS = 25

/** The staff member acting on the desk, and the countries they may see (STAFF_COUNTRIES). */
export interface DeskActor extends StaffIdentity {
  countries: readonly Country[]
}

export interface DeskService {
  list(actor: DeskActor, query: DeskQuery): Promise<{ items: QueueItem[]; total: number }>
  /**
   * The filtered queue as CSV (semicolons, UTF-8 with BOM), without free-text messages: at most CSV_MAX_ROWS
   * rows, soonest due first; a cut file ends with a line that says so in the staff member's language.
   */
  csv(actor: DeskActor, query: DeskQuery, locale: Locale): Promise<QueueExport>
  detail(actor: DeskActor, reference: string): Promise<RequestDetail>
  extend(actor: DeskActor, reference: string, reason: string): Promise<RequestDetail>
  /** Issue 25: 409 TASKS_OPEN while a brand system has not answered, unless `closeWithoutTasks` says why. */
  complete(
    actor: DeskActor,
    reference: string,
    message: string,
    closeWithoutTasks?: string,
  ): Promise<RequestDetail>
  reject(
    actor: DeskActor,
    reference: string,
    reason: RejectionReason,
    message: string,
  ): Promise<RequestDetail>
  note(actor: DeskActor, reference: string, text: string): Promise<RequestDetail>
  /** Issue 25: a file of a brand system's access answer, for the team to open; recorded in the audit trail. */
  openFile(
    actor: DeskActor,
    reference: string,
    fileId: string,
  ): Promise<{ file: StoredFile; bytes: AsyncIterable<Buffer> }>
  /** The hourly work: reminders after 24 h, expiry of unconfirmed requests, the daily digest per country. */
  runDeadlines(): Promise<{
    reminded: number
    expired: number
    digests: number
    unconfirmed: number
    /** Issue 25: overdue tasks mailed to their brand system's contact. */
    tasksMailed: number
  }>
}

export function createDeskService(deps: {
  db: Db
  brands: BrandCatalog
  privacyMailbox: Readonly<Record<Country, string>>
  /** The country's staff area origin for the digest's link (host table); null: no link. */
  deskOrigin: (country: Country) => string | null
  /** The public site of a country, for requests made before their origin was kept. */
  publicOrigin: (country: Country) => string
  verificationTtlHours: number
  /** Issue 25: days an access package can be downloaded after completion (ACCESS_PACKAGE_DAYS). */
  accessPackageDays: number
  /** Issue 25: the access answers' files, which the team may open. */
  files: FileStore
  /**
   * Reminders and expiry notices count with the verification mails they follow: whoever types someone else's
   * address each day causes at most RECIPIENT_MAILS_PER_DAY mails a day to it, not three times as many.
   */
  mailLimit: RecipientMailLimit
  clock?: () => Date
}): DeskService {
  const { db, brands } = deps
  const clock = deps.clock ?? (() => new Date())
  const mails = requesterMails(brands, deps.privacyMailbox)

  const find = async (actor: DeskActor, typed: string) => {
    // A reference read out on the phone or copied from a mail may come in any case, as in the search.
    const reference = typed.toUpperCase()
    const request = /^[A-Z]{2}-\d{6}-[A-Z0-9]{5}$/.test(reference)
      ? await findByReference(db.db, reference)
      : null
    // Another country's request is not told apart from none.
    if (!request || !actor.countries.includes(request.country)) throw new NotFound('Request')
    return request
  }

  const toItem = (row: QueueRow, now: Date): QueueItem => ({
    reference: row.reference,
    flowType: row.flowType,
    country: row.country,
    language: row.language,
    status: row.status,
    receivedAt: row.receivedAt,
    dueAt: row.dueAt,
    daysLeft: daysLeft(row.status, row.dueAt, now),
  })

  const detail = async (actor: DeskActor, request: PrivacyRequest): Promise<RequestDetail> => {
    const now = clock()
    const info = request.userInfo
    const events = await eventsOf(db.db, request.id)
    const since = new Date(now.getTime() - 365 * DAY_MS).toISOString()
    return {
      reference: request.reference ?? '',
      flowType: request.flowType,
      country: request.country,
      language: request.language,
      status: request.status,
      receivedAt: request.createdAt,
      dueAt: request.dueAt,
      daysLeft: daysLeft(request.status, request.dueAt, now),
      verifiedAt: request.verifiedAt,
      closedAt: request.closedAt ?? null,
      originalDueAt: request.originalDueAt ?? null,
      email: request.email,
      phoneNumber: request.phoneNumber,
      name: [info?.firstName, info?.lastName].filter(Boolean).join(' ') || null,
      address: formatAddress(info?.address),
      brandName: request.brandName,
      brands: mails.named(request).brandNames as string[],
      channels: request.communicationTypes,
      article: request.article,
      publicationLink: request.publicationLink,
      publicationDate: request.publicationDate,
      userMessage: request.userMessage,
      touchpoint: request.touchpoint,
      timeline: events.map(
        (event): TimelineEvent => ({
          id: event.id,
          kind: event.kind,
          at: event.occurredAt,
          by: event.actor ? (event.actor.name ?? event.actor.email) : null,
          detail: event.detail,
          text: event.text,
        }),
      ),
      related: await relatedRequests(db.db, request, since, actor.countries),
      fulfilment: (await appliedOf(db.db, request.id)).map((row) => ({
        brandKey: row.brand_key,
        channel: row.channel,
        appliedAt: row.applied_at ?? null,
        client: row.client ?? null,
      })),
      tasks: await taskViews(db, brands, request, now),
      actions: allowedRequestActions({ status: request.status, originalDueAt: request.originalDueAt, now }),
    }
  }

  /** One staff action: the status change, the timeline entry, the audit entry and the mail, together. */
  const act = async (
    actor: DeskActor,
    reference: string,
    action: StaffAction,
    work: (
      request: PrivacyRequest,
      now: Date,
    ) => {
      allowed: boolean
      refusal: string
      change?: Parameters<typeof updateStatus>[2]
      event: Parameters<typeof insertEvent>[2]
      /** An entry before the action's own (issue 25: the tasks the team closes without). */
      before?: Parameters<typeof insertEvent>[2]
      /** What the audit trail records beside the action (never contact data or free text). */
      audit?: AuditEntry['details']
      mail?: () => ReturnType<typeof mails.to>
    },
  ) => {
    const request = await find(actor, reference)
    const now = clock()
    const nowIso = now.toISOString()
    const step = work(request, now)
    if (!step.allowed) throw new InvalidTransition(step.refusal)
    await saveWithMails(db, nowIso, async (trx) => {
      if (step.change) {
        const from = request.status
        if (!(await updateStatus(trx, request.id, step.change, [from])))
          throw new InvalidTransition('The request changed meanwhile; reload it')
      }
      if (step.before) await insertEvent(trx, request.id, step.before)
      await insertEvent(trx, request.id, step.event)
      await appendAudit(trx, {
        actor,
        action,
        country: request.country,
        requestId: request.id,
        occurredAt: nowIso,
        details: step.audit ?? {},
      })
      return [step.mail?.() ?? null]
    })
    return detail(actor, await find(actor, reference))
  }

  const may = (request: PrivacyRequest, action: RequestAction, now: Date) =>
    requestTransition({ status: request.status, originalDueAt: request.originalDueAt, now }, action) !== null
  /** Where the requester made the request (host table), for links in later mails. */
  const originOf = (request: PrivacyRequest) => request.origin ?? deps.publicOrigin(request.country)

  return {
    async list(actor, query) {
      const now = clock()
      const { rows, total } = await listRequests(
        db.db,
        { ...query, countries: actor.countries, now },
        { limit: query.limit ?? 25, offset: query.offset ?? 0 },
      )
      return { items: rows.map((row) => toItem(row, now)), total }
    },

    csv(actor, query, locale) {
      return queueCsv(db, { ...query, countries: actor.countries, now: clock() }, locale)
    },

    async detail(actor, reference) {
      return detail(actor, await find(actor, reference))
    },

    extend(actor, reference, reason) {
      refusePlaceholder('reason', reason)
      return act(actor, reference, 'REQUEST_EXTENDED', (request, now) => {
        const originalDue = request.originalDueAt ? new Date(request.originalDueAt) : null
        const dueAt = originalDue ? addMonths(originalDue, 2).toISOString() : ''
        return {
          // GDPR Art. 12(3): once, by at most two months, told within the first month.
          allowed: may(request, 'extend', now),
          refusal:
            request.status === 'extended'
              ? 'The request was extended already; it can be extended only once'
              : request.status === 'open'
                ? 'The first month has passed: the request can no longer be extended'
                : `A ${request.status} request cannot be extended`,
          change: { status: 'extended', dueAt },
          event: { kind: 'extended', occurredAt: now.toISOString(), actor, detail: dueAt, text: reason },
          mail: () => {
            const dueText = formatLongDate(dueAt.slice(0, 10), request.language, request.country)
            const mail = extensionMail(mails.translate(request), mails.named(request), reason, dueText)
            return mails.to(request, 'extended', mail)
          },
        }
      })
    },

    async complete(actor, reference, message, closeWithoutTasks) {
      refusePlaceholder('message', message)
      const request = await find(actor, reference)
      // Issue 25: every brand system answers first, unless the team says why the request closes without.
      const waiting = (await taskViews(db, brands, request, clock())).filter(
        (task) => task.state === 'waiting' || task.state === 'overdue',
      ).length
      if (waiting > 0 && !closeWithoutTasks) throw new TasksOpen(waiting)
      // The reply mail links the request's page (per brand what was done; for access the package, behind a
      // code): a link of its own, as the receipt's token is not kept.
      const token = randomBytes(32).toString('base64url')
      return act(actor, reference, 'REQUEST_COMPLETED', (current, now) => {
        const packageUntil =
          current.flowType === 'RIGHT_OF_ACCESS'
            ? new Date(now.getTime() + deps.accessPackageDays * DAY_MS).toISOString()
            : null
        const at = now.toISOString()
        return {
          allowed: may(current, 'complete', now),
          refusal: `A ${current.status} request cannot be completed`,
          change: {
            status: 'completed',
            closedAt: at,
            replyTokenHash: hashToken(token),
            ...(packageUntil ? { packageExpiresAt: packageUntil } : {}),
          },
          event: { kind: 'completed', occurredAt: at, actor, text: message },
          ...(waiting > 0 && closeWithoutTasks
            ? {
                before: {
                  kind: 'tasks-waived',
                  occurredAt: at,
                  actor,
                  detail: String(waiting),
                  text: closeWithoutTasks,
                },
                audit: { tasksWaived: waiting },
              }
            : {}),
          mail: () => {
            const link = `${originOf(current)}/${current.language}/privacy-rights/status?token=${token}`
            const until = packageUntil
              ? formatLongDate(packageUntil.slice(0, 10), current.language, current.country)
              : null
            const mail = replyMail(mails.translate(current), mails.named(current), message, { link, until })
            return mails.to(current, 'completed', mail)
          },
        }
      })
    },

    reject(actor, reference, reason, message) {
      refusePlaceholder('message', message)
      return act(actor, reference, 'REQUEST_REJECTED', (request, now) => ({
        allowed: may(request, 'reject', now),
        refusal: `A ${request.status} request cannot be rejected`,
        change: { status: 'rejected', closedAt: now.toISOString() },
        event: { kind: 'rejected', occurredAt: now.toISOString(), actor, detail: reason, text: message },
        mail: () => {
          const mail = rejectionMail(mails.translate(request), mails.named(request), reason, message)
          return mails.to(request, 'rejected', mail)
        },
      }))
    },

    note(actor, reference, text) {
      return act(actor, reference, 'NOTE_ADDED', (_request, now) => ({
        allowed: true,
        refusal: '',
        event: { kind: 'note', occurredAt: now.toISOString(), actor, text },
      }))
    },

    async openFile(actor, reference, fileId) {
      const request = await find(actor, reference)
      const file = /^[0-9a-f-]{36}$/.test(fileId) ? await findFile(db.db, fileId) : null
      if (!file?.completedAt || file.requestId !== request.id) throw new NotFound('File')
      await appendAudit(db.db, {
        actor,
        action: 'FILE_OPENED',
        country: request.country,
        requestId: request.id,
        occurredAt: clock().toISOString(),
        details: { fileId: file.id },
      })
      return { file, bytes: deps.files.read(file) }
    },

    async runDeadlines() {
      const now = clock()
      const nowIso = now.toISOString()
      let reminded = 0
      let expired = 0
      let digests = 0

      // One reminder, 24 hours after an unconfirmed request, with a link that ends when the first one does.
      const dayAgo = new Date(now.getTime() - DAY_MS).toISOString()
      for (const request of await dueForReminder(db.db, dayAgo, nowIso)) {
        const expiresAt = await tokenExpiry(db.db, request.id)
        if (!expiresAt || !request.email) continue
        if (!(await deps.mailLimit.allows('verification', request.email))) {
          // Held back, and not tried again: the first link still works until it lapses.
          await markReminded(db.db, request.id, nowIso)
          continue
        }
        const token = randomBytes(32).toString('base64url')
        await saveWithMails(db, nowIso, async (trx) => {
          if (!(await markReminded(trx, request.id, nowIso))) return []
          await insertToken(trx, { hash: hashToken(token), requestId: request.id, expiresAt })
          await insertEvent(trx, request.id, { kind: 'reminded', occurredAt: nowIso })
          reminded++
          const link = `${originOf(request)}/${request.language}/verify-email?token=${token}`
          const until = formatLongDate(expiresAt.slice(0, 10), request.language, request.country)
          const mail = reminderMail(mails.translate(request), mails.named(request), link, until)
          return [mails.to(request, 'reminder', mail)]
        })
      }

      // Never confirmed: expired, and the requester is told how to start again.
      for (const due of await dueForExpiry(db.db, nowIso)) {
        const { request } = due
        const mailable =
          due.mailable &&
          request.email !== null &&
          (await deps.mailLimit.allows('verification', request.email))
        await saveWithMails(db, nowIso, async (trx) => {
          if (!(await updateStatus(trx, request.id, { status: 'expired' }, ['pending']))) return []
          await insertEvent(trx, request.id, { kind: 'expired', occurredAt: nowIso })
          expired++
          if (!mailable) return []
          const again = `${originOf(request)}/${request.language}/privacy-rights`
          return [
            mails.to(request, 'expired', expiredMail(mails.translate(request), mails.named(request), again)),
          ]
        })
      }

      // The daily digest: once per country and day, whatever the number of instances; no mail when nothing is due.
      const today = nowIso.slice(0, 10)
      const week = new Date(now.getTime() + 7 * DAY_MS).toISOString()
      // Issue 25: tasks a brand system has not answered for 10 days, in the digest and (once) to its contact.
      const lateSince = new Date(now.getTime() - TASK_OVERDUE_DAYS * DAY_MS).toISOString()
      const lateLine = (task: Awaited<ReturnType<typeof overdueTasks>>[number]) => ({
        reference: task.reference ?? '',
        flowType: task.flow_type as PrivacyRequest['flowType'],
        client: task.client,
        sinceText: formatLongDate(task.created_at.slice(0, 10), 'nl', task.country as Country),
      })
      for (const country of ['NL', 'BE'] as const) {
        const due = await dueBefore(db.db, country, week)
        const late = await overdueTasks(db.db, { before: lateSince, country })
        if (due.length === 0 && late.length === 0) continue
        const t = teamTranslate(country)
        const desk = deps.deskOrigin(country)
        await saveWithMails(db, nowIso, async (trx) => {
          if (!(await claimJobRun(trx, 'privacy-digest', `${today}/${country}`, nowIso))) return []
          digests++
          const rows = due.map((row) => ({
            reference: row.reference ?? '',
            flowType: row.flow_type as PrivacyRequest['flowType'],
            dueText: formatLongDate((row.due_at ?? '').slice(0, 10), 'nl', country),
            overdue: (row.due_at ?? '') < nowIso,
          }))
          const link = desk ? `${desk}/nl/internal-privacy-rights/requests?due=week` : null
          return [
            {
              kind: 'privacy-digest',
              aboutId: null,
              to: deps.privacyMailbox[country],
              ...digestMail(t, rows, link, late.map(lateLine)),
            },
          ]
        })
      }
      let tasksMailed = 0
      const unreminded = await overdueTasks(db.db, { before: lateSince, unreminded: true })
      for (const clientId of new Set(unreminded.map((task) => task.client_id))) {
        const tasks = unreminded.filter((task) => task.client_id === clientId)
        const first = tasks[0]
        if (!first?.contact_email) continue
        const contact = first.contact_email
        await saveWithMails(db, nowIso, async (trx) => {
          // Another instance may mail the same tasks at the same moment: each task goes in one mail only.
          const mine = new Set(
            await markTasksReminded(
              trx,
              tasks.map((task) => task.id),
              nowIso,
            ),
          )
          const lines = tasks.filter((task) => mine.has(task.id)).map(lateLine)
          if (lines.length === 0) return []
          tasksMailed += lines.length
          const mail = overdueTasksMail(teamTranslate(first.country as Country), first.client, lines)
          return [{ kind: 'tasks-overdue', aboutId: null, to: contact, ...mail }]
        })
      }
      // Issue 17: suppressions older than 25 days that no brand system confirmed, once a day per country.
      let unconfirmed = 0
      const cutoff = new Date(now.getTime() - UNCONFIRMED_AFTER_DAYS * DAY_MS).toISOString()
      for (const country of ['NL', 'BE'] as const) {
        const t = teamTranslate(country)
        await saveWithMails(db, nowIso, async (trx) => {
          // Claimed first: the count runs once a day per country, not every hour on every instance.
          if (!(await claimJobRun(trx, 'unconfirmed-suppressions', `${today}/${country}`, nowIso))) return []
          const { rows, total } = await unconfirmedBefore(trx, country, cutoff, UNCONFIRMED_LISTED)
          if (total === 0) return []
          unconfirmed++
          const mail = unconfirmedMail(
            t,
            rows.map((row) => ({
              reference: row.reference ?? null,
              brandKey: row.brand_key,
              channel: row.channel,
              since: formatLongDate(row.created_at.slice(0, 10), 'nl', country),
            })),
            total,
          )
          return [
            { kind: 'unconfirmed-suppressions', aboutId: null, to: deps.privacyMailbox[country], ...mail },
          ]
        })
      }
      return { reminded, expired, digests, unconfirmed, tasksMailed }
    },
  }
}

/** Issue 25: a reply that still holds a template's placeholder (`[aanvullen]`) never reaches the requester. */
function refusePlaceholder(field: string, text: string) {
  const placeholder = findPlaceholder(text)
  if (placeholder) throw new PlaceholderLeft(field, placeholder)
}

/**
 * Every instance runs the deadline work hourly (and shortly after start): reminders, expiry and the digest
 * are each claimed in the database, so several instances never mail twice.
 */
export function startDeadlineJob(desk: DeskService, logger: Logger, everyMs = 60 * 60_000) {
  const run = () =>
    desk
      .runDeadlines()
      .then((done) => {
        if (done.reminded + done.expired + done.digests + done.unconfirmed + done.tasksMailed > 0)
          logger.info(done, 'privacy desk deadlines')
      })
      .catch((error: unknown) => logger.error({ err: error }, 'privacy desk deadline job failed'))
  const first = setTimeout(run, 10_000)
  const timer = setInterval(run, everyMs)
  first.unref()
  timer.unref()
  return {
    stop() {
      clearTimeout(first)
      clearInterval(timer)
    },
  }
}
