import { formatLongDate } from '#shared/format.ts'
import { teamTranslate } from '#shared/i18n/catalog.server.ts'
import type { FlowType } from '#shared/privacy-rights/request.ts'
import { TASK_OVERDUE_DAYS } from '#shared/privacy-rights/tasks.ts'
import type { Country } from '#shared/site.ts'
import { unconfirmedBefore } from '../db/api-client-repository'
import { claimJobRun } from '../db/desk-repository'
import { dueBefore } from '../db/request-deadline-repository'
import { markTasksReminded, overdueTasks } from '../db/task-repository'
import { saveWithMails } from '../db/unit-of-work'
import { digestMail, overdueTasksMail, UNCONFIRMED_LISTED, unconfirmedMail } from '../mail/templates'
import { DAY_MS, type DeskDeps } from './desk-request'

type DigestDeps = Pick<DeskDeps, 'db' | 'privacyMailbox' | 'deskOrigin'>

/** Spec §9 promises the brands stop within 30 days: after 25 without a confirmation, the team hears of it. */
const UNCONFIRMED_AFTER_DAYS = 25
const COUNTRIES = ['NL', 'BE'] as const

/** Issue 25: tasks a brand system has not answered for 10 days, in the digest and (once) to its contact. */
const lateSince = (now: Date) => new Date(now.getTime() - TASK_OVERDUE_DAYS * DAY_MS).toISOString()
const lateLine = (task: Awaited<ReturnType<typeof overdueTasks>>[number]) => ({
  reference: task.reference ?? '',
  flowType: task.flow_type as FlowType,
  client: task.client,
  sinceText: formatLongDate(task.created_at.slice(0, 10), 'nl', task.country as Country),
})

/**
 * The daily digest: once per country and day, whatever the number of instances; no mail when nothing is due.
 * Answers how many were mailed.
 */
export async function sendDigests(deps: DigestDeps, now: Date): Promise<number> {
  const { db } = deps
  const nowIso = now.toISOString()
  const week = new Date(now.getTime() + 7 * DAY_MS).toISOString()
  let digests = 0
  for (const country of COUNTRIES) {
    const due = await dueBefore(db.db, country, week)
    const late = await overdueTasks(db.db, { before: lateSince(now), country })
    if (due.length === 0 && late.length === 0) continue
    const desk = deps.deskOrigin(country)
    await saveWithMails(db, nowIso, async (trx) => {
      if (!(await claimJobRun(trx, 'privacy-digest', `${nowIso.slice(0, 10)}/${country}`, nowIso))) return []
      digests++
      const rows = due.map((row) => ({
        reference: row.reference ?? '',
        flowType: row.flow_type as FlowType,
        dueText: formatLongDate((row.due_at ?? '').slice(0, 10), 'nl', country),
        overdue: (row.due_at ?? '') < nowIso,
      }))
      const link = desk ? `${desk}/nl/internal-privacy-rights/requests?due=week` : null
      const mail = digestMail(teamTranslate(country), rows, link, late.map(lateLine))
      return [{ kind: 'privacy-digest', aboutId: null, to: deps.privacyMailbox[country], ...mail }]
    })
  }
  return digests
}

/** Issue 25: overdue tasks, once, to their brand system's contact. Answers how many tasks were mailed. */
export async function mailOverdueTasks(deps: Pick<DeskDeps, 'db'>, now: Date): Promise<number> {
  const nowIso = now.toISOString()
  let tasksMailed = 0
  const unreminded = await overdueTasks(deps.db.db, { before: lateSince(now), unreminded: true })
  for (const clientId of new Set(unreminded.map((task) => task.client_id))) {
    const tasks = unreminded.filter((task) => task.client_id === clientId)
    const first = tasks[0]
    if (!first?.contact_email) continue
    const contact = first.contact_email
    await saveWithMails(deps.db, nowIso, async (trx) => {
      // Another instance may mail the same tasks at the same moment: each task goes in one mail only.
      const ids = tasks.map((task) => task.id)
      const mine = new Set(await markTasksReminded(trx, ids, nowIso))
      const lines = tasks.filter((task) => mine.has(task.id)).map(lateLine)
      if (lines.length === 0) return []
      tasksMailed += lines.length
      const mail = overdueTasksMail(teamTranslate(first.country as Country), first.client, lines)
      return [{ kind: 'tasks-overdue', aboutId: null, to: contact, ...mail }]
    })
  }
  return tasksMailed
}

/**
 * Issue 17: suppressions older than 25 days that no brand system confirmed, once a day per country.
 * Answers how many countries' teams were told.
 */
export async function reportUnconfirmed(deps: DigestDeps, now: Date): Promise<number> {
  const nowIso = now.toISOString()
  let unconfirmed = 0
  const cutoff = new Date(now.getTime() - UNCONFIRMED_AFTER_DAYS * DAY_MS).toISOString()
  for (const country of COUNTRIES) {
    await saveWithMails(deps.db, nowIso, async (trx) => {
      // Claimed first: the count runs once a day per country, not every hour on every instance.
      const period = `${nowIso.slice(0, 10)}/${country}`
      if (!(await claimJobRun(trx, 'unconfirmed-suppressions', period, nowIso))) return []
      const { rows, total } = await unconfirmedBefore(trx, country, cutoff, UNCONFIRMED_LISTED)
      if (total === 0) return []
      unconfirmed++
      const lines = rows.map((row) => ({
        reference: row.reference ?? null,
        brandKey: row.brand_key,
        channel: row.channel,
        since: formatLongDate(row.created_at.slice(0, 10), 'nl', country),
      }))
      const mail = unconfirmedMail(teamTranslate(country), lines, total)
      return [{ kind: 'unconfirmed-suppressions', aboutId: null, to: deps.privacyMailbox[country], ...mail }]
    })
  }
  return unconfirmed
}
