/**
 * Issue 31: the one retry schedule of what the instances deliver (mail, webhooks). After a failed attempt the
 * next waits `firstMs` doubling with each earlier attempt, at most `maxMs`, and never past `untilMs` after the
 * item was queued; the first attempt that fails at or after that moment is the last (null: give up).
 * Webhooks: 30 s doubling, at most hourly, for 3 days (README, "Webhooks"); mail: MAIL_FAIL_AFTER_HOURS.
 */
export interface RetrySchedule {
  firstMs: number
  maxMs: number
  untilMs: number
}

/** When to try again after a failed attempt at `now` (`attempts`: the attempts before it), or null. */
export function nextAttempt(
  schedule: RetrySchedule,
  attempts: number,
  queuedAt: string,
  now: Date,
): Date | null {
  const deadline = Date.parse(queuedAt) + schedule.untilMs
  if (now.getTime() >= deadline) return null
  const delay = Math.min(schedule.maxMs, schedule.firstMs * 2 ** Math.min(attempts, 20))
  return new Date(Math.min(now.getTime() + delay, deadline))
}
