/**
 * The bench's write targets on each database (issue 19): privacy requests submitted at load, nothing lost;
 * a backlog of queued mails drained to a loopback SMTP sink. Split from bench.ts (issue 31).
 */
import { NL, perDatabase, ROOT, type Sizes } from './bench-context.ts'
import { queuedMails, seedMails, storedRequests } from './bench-fixtures.ts'
import { mailSink } from './bench-http.ts'
import { alternate, type Row } from './bench-load.ts'
import { startServer } from './bench-processes.ts'
import { printRows, type Report } from './bench-report.ts'

/** Privacy requests submitted at 50 connections, each to its own address; then nothing may be missing. */
async function submitTarget(size: Sizes, report: Report, label: string, databaseUrl: string) {
  report.heading(
    `Privacy-request submit on ${label}, ${size.connections} connections (rate limit raised, e-mail domain check off)`,
  )
  const sink = await mailSink()
  const server = await startServer(ROOT, {
    DATABASE_URL: databaseUrl,
    SMTP_URL: sink.url,
    EMAIL_DOMAIN_CHECK: 'off',
    RATE_LIMIT_PER_MINUTE: '1000000',
  })
  let counter = 0
  const body = () =>
    JSON.stringify({
      flowType: 'OBJECTION',
      country: 'NL',
      language: 'nl',
      email: `bench-${process.pid}-${++counter}@example.com`,
      brands: ['AD', 'TROUW'],
    })
  let rows: Row[]
  try {
    rows = await alternate(
      server.base,
      [
        {
          name: `submit (${label})`,
          path: '/api/privacy-rights/request',
          method: 'POST',
          headers: { host: NL, 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
          next: () => ({ body: body() }),
        },
      ],
      { connections: size.connections, budget: size.budget, onError: report.fail },
    )
  } finally {
    await server.stop()
  }
  printRows(report, rows)
  const run = rows[0]?.run
  if (!run) return
  // The probe before the load submitted one request too.
  const accepted = run.ok + (rows[0]?.probe.startsWith('200 ') ? 1 : 0)
  const stored = await storedRequests(databaseUrl, ROOT)
  const queued = await queuedMails(databaseUrl, ROOT)
  const lost = stored.requests < accepted || stored.mails !== stored.requests
  console.log(
    `accepted ${accepted}, stored ${stored.requests} (with those in flight when the run stopped), mails ${stored.mails}: ${stored.mails - queued} sent, ${queued} queued`,
  )
  console.log(
    `submit (${label}): ${run.rps.toFixed(0)} req/s ${report.judge(`submit (${label}): accepted per second`, `${run.rps.toFixed(0)}/s`, '≥ 500/s', run.rps >= 500)}; nothing lost ${report.judge(`submit (${label}): every accepted request stored with its mail`, `${stored.requests}/${accepted}`, 'all', !lost)}`,
  )
  if (lost)
    report.fail(
      `submit (${label}): ${accepted} accepted but ${stored.requests} stored with ${stored.mails} mails`,
    )
}

/** A backlog of queued mails, drained by a fresh server to a loopback SMTP sink. */
async function outboxTarget(size: Sizes, report: Report, label: string, databaseUrl: string) {
  report.heading(`Outbox drain on ${label}: ${size.mails} queued mails to a loopback SMTP server`)
  await seedMails(databaseUrl, ROOT, size.mails)
  const sink = await mailSink()
  const server = await startServer(ROOT, { DATABASE_URL: databaseUrl, SMTP_URL: sink.url })
  const ready = performance.now()
  let done: boolean
  try {
    done = await sink.waitFor(size.mails, size.drainTimeoutMs)
  } finally {
    await server.stop()
  }
  const received = sink.received()
  // From the first mail to the last: the server's start-up is not the outbox's speed.
  const seconds = (sink.lastAt() - sink.firstAt()) / 1000
  const rate = received > 1 ? (received - 1) / seconds : 0
  const left = await queuedMails(databaseUrl, ROOT)
  console.log(
    `${received} mails (${sink.recipients()} distinct recipients) in ${seconds.toFixed(2)} s after the first, ${((sink.lastAt() - ready) / 1000).toFixed(2)} s after /livez; ${left} still queued${done ? '' : ` (gave up after ${size.drainTimeoutMs / 1000} s)`}`,
  )
  console.log(
    `outbox (${label}): ${rate.toFixed(0)} mails/s ${report.judge(`outbox (${label}): mails per second`, `${rate.toFixed(0)}/s`, '≥ 200/s', done && rate >= 200)}`,
  )
  // Slow is a failed goal; a mail sent twice, or missing once the backlog is empty, is an error.
  if (received !== sink.recipients())
    report.fail(`outbox (${label}): ${received - sink.recipients()} mails delivered twice`)
  if (done && (sink.recipients() !== size.mails || left !== 0))
    report.fail(
      `outbox (${label}): ${sink.recipients()} of ${size.mails} mails delivered, ${left} left queued`,
    )
}

export const submitScenario = perDatabase('submit', submitTarget)
export const outboxScenario = perDatabase('outbox', outboxTarget)
