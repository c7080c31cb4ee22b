import { mailOverdueTasks, reportUnconfirmed, sendDigests } from './desk-digests'
import { expireUnconfirmed, remindUnconfirmed } from './desk-reminders'
import type { DeskDeps } from './desk-request'

export interface DeadlineRun {
  reminded: number
  expired: number
  digests: number
  unconfirmed: number
  /** Issue 25: overdue tasks mailed to their brand system's contact. */
  tasksMailed: number
}

/** The hourly work: reminders after 24 h, expiry of unconfirmed requests, the daily digest per country. */
export async function runDeadlines(deps: DeskDeps): Promise<DeadlineRun> {
  const now = deps.clock()
  const reminded = await remindUnconfirmed(deps, now)
  const expired = await expireUnconfirmed(deps, now)
  const digests = await sendDigests(deps, now)
  const tasksMailed = await mailOverdueTasks(deps, now)
  const unconfirmed = await reportUnconfirmed(deps, now)
  return { reminded, expired, digests, unconfirmed, tasksMailed }
}
