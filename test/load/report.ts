import type { RunResult } from './loadtest'
import type { LoadOptions } from './options'
import { failedChecks } from './reconcile'
import { percentile } from './stats'

/** The goal of issue 30 on pages outside the fault windows. */
const PAGE_P99_GOAL_MS = 250

const fixed = (value: number, digits = 0) => value.toFixed(digits)
const pad = (value: string, width: number) => value.padEnd(width)
const padLeft = (value: string, width: number) => value.padStart(width)

/** The load test's closing report: the per-minute table, the faults, the goals and the reconciliation. */
export function report(
  result: RunResult,
  options: LoadOptions,
  loadBefore: number[],
  loadAfter: number[],
): { table: string; json: unknown; failed: boolean } {
  const lines: string[] = []
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ')
  lines.push(
    `Load test: ${options.seconds / 60} min at ${options.scale}× the issue's rates; load average before ${load(loadBefore)}, after ${load(loadAfter)}`,
    '',
    `${pad('min', 4)}${pad('route', 13)}${padLeft('per s', 8)}${padLeft('p50 ms', 8)}${padLeft('p99 ms', 8)}  answers`,
  )
  const rows = result.stats.table()
  for (const row of rows) {
    const classes = Object.entries(row.classes)
      .map(([kind, n]) => `${kind}:${n}`)
      .join(' ')
    lines.push(
      `${pad(String(row.minute), 4)}${pad(row.route, 13)}${padLeft(fixed(row.perSecond, 1), 8)}${padLeft(fixed(row.p50), 8)}${padLeft(fixed(row.p99), 8)}  ${classes}`,
    )
  }
  lines.push('', 'Faults (seconds into the run):')
  for (const fault of result.faults)
    lines.push(`  ${pad(fault.name, 16)} ${fixed(fault.from / 1000, 1)} to ${fixed(fault.to / 1000, 1)}`)

  lines.push('', 'Answers other than 2xx/3xx, by the fault window (and 15 s after) they fell in:')
  for (const [fault, counts] of result.stats.byFault)
    lines.push(`  ${pad(fault, 16)} ${[...counts].map(([key, n]) => `${key}: ${n}`).join(', ')}`)

  const quiet = [...result.stats.quietPageMs].sort((a, b) => a - b)
  const pageP99 = percentile(quiet, 99)
  const broken = result.stats.broken
  // A 503 with Retry-After outside the outage is an instance out of breath (its pool's wait ran out): a
  // timing goal, judged in the full run. Anything else (a 5xx, a 502, no answer) is judged in every run.
  const never = broken.filter((answer) => !(answer.status === 503 && answer.retryAfter))
  const busy = broken.length - never.length
  const goals = [
    {
      goal: 'answers other than 2xx/3xx/4xx: only 503 with Retry-After',
      value: `${never.length} otherwise${never.length ? ` (${summary(never)})` : ''}`,
      pass: never.length === 0,
    },
    {
      goal: '503s only while PostgreSQL is down (and 15 s after)',
      value: `${busy} outside${busy ? ` (${summary(broken.filter((answer) => !never.includes(answer)))})` : ''}${options.judgeLatency ? '' : ' (reported, not judged: --short)'}`,
      pass: !options.judgeLatency || busy === 0,
    },
    {
      goal: `page p99 outside the fault windows ≤ ${PAGE_P99_GOAL_MS} ms`,
      value: `${fixed(pageP99)} ms over ${quiet.length} pages${options.judgeLatency ? '' : ' (reported, not judged: --short)'}`,
      pass: !options.judgeLatency || (quiet.length > 0 && pageP99 <= PAGE_P99_GOAL_MS),
    },
    {
      goal: 'queues and answers drained after the load',
      value: result.drained ? 'yes' : 'no',
      pass: result.drained,
    },
    {
      goal: 'webhook deliveries with a valid signature',
      value: `${result.webhooksRefused} refused`,
      pass: result.webhooksRefused === 0,
    },
  ]
  lines.push('', 'Goals:')
  for (const goal of goals) lines.push(`  ${goal.pass ? 'PASS' : 'FAIL'}  ${goal.goal}: ${goal.value}`)
  if (result.resent > 0)
    lines.push(
      `  (${result.resent} mails were sent again with the same Message-ID: an instance died between the SMTP server's answer and its mark; mail clients show each once)`,
    )
  if (result.webhooksResent > 0)
    lines.push(
      `  (${result.webhooksResent} webhooks were sent again with the same webhook-id: an instance was killed between the receiver's 2xx and its mark; receivers take each id once)`,
    )
  if (result.stats.skipped > 0)
    lines.push(
      `  (the generator skipped ${result.stats.skipped} requests: more than 400 of a route were waiting)`,
    )

  lines.push(
    '',
    `${pad('Reconciliation', 58)}${padLeft('expected', 9)}${padLeft('lost', 6)}${padLeft('doubled', 9)}`,
  )
  for (const check of result.checks)
    lines.push(
      `${pad(check.name, 58)}${padLeft(String(check.expected), 9)}${padLeft(String(check.lost), 6)}${padLeft(String(check.doubled), 9)}`,
    )
  for (const line of result.webhooksDoubled.slice(0, 10)) lines.push(`  webhook received twice: ${line}`)
  const failed = failedChecks(result.checks).length > 0 || goals.some((goal) => !goal.pass)
  lines.push('', failed ? 'FAILED' : 'PASSED: nothing lost or doubled, every answer within the rules')
  return {
    table: lines.join('\n'),
    json: {
      options,
      loadBefore,
      loadAfter,
      minutes: rows,
      faults: result.faults,
      goals,
      checks: result.checks,
      broken,
    },
    failed,
  }
}

function summary(broken: RunResult['stats']['broken']): string {
  const counts = new Map<string, number>()
  for (const answer of broken) {
    const key = `${answer.route} ${answer.status}${answer.retryAfter ? '+Retry-After' : ''}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return [...counts].map(([key, n]) => `${key}: ${n}`).join(', ')
}
