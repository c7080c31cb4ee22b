/**
 * `npm run bench`: starts the production server and loads it with autocannon on loopback.
 * Prints requests per second and latency per target, the page/static ratio, the median time to serve the
 * home page one request at a time, the gzipped JavaScript each page loads, and the privacy-request submit
 * target on SQLite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) PostgreSQL. Budgets are printed next
 * to the figures; they are not assertions.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import { migrate, openDatabase } from '#server/db/database.ts'
import { insertRequest, insertSuppressions } from '#server/db/privacy-request-repository.ts'
import { loadDocuments } from '#server/documents/store.ts'
import { createApiClientService } from '#server/services/api-clients.ts'
import { importCampaigns } from '#server/services/campaign-import.ts'
import { normalise } from '#server/services/privacy-requests.ts'
import { createSearchService } from '#server/services/search.ts'

const root = resolve(import.meta.dirname, '..')
const PORT = Number(process.env.BENCH_PORT ?? 3299)
const HOST = 'privacy.dpgmedia.nl'
const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 50
/** Worker processes of the server under test (WEB_CONCURRENCY); budgets are per process. */
const WORKERS = process.env.BENCH_WORKERS ?? '1'
/** The heap settings `npm start` and the Docker image use. */
const NODE_OPTIONS = '--max-old-space-size=256 --max-semi-space-size=8'
const base = `http://127.0.0.1:${PORT}`

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist/node/index.mjs'], {
    cwd: root,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // The staff pages are measured through the development sign-in of nl.localhost.
      STAFF_DEVELOPMENT_SIGN_IN: 'on',
      WEB_CONCURRENCY: WORKERS,
      NODE_OPTIONS,
      ...process.env,
      ...env,
      PORT: String(PORT),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${base}/livez`)).ok) return child
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill()
  throw new Error('The server did not start')
}

async function stopServer(child: ChildProcess): Promise<void> {
  await new Promise<void>((done) => {
    child.once('exit', () => done())
    child.kill('SIGTERM')
  })
}

/** GET with our Host header (fetch() may not set Host); resolves with the body. */
function get(path: string, headers: Record<string, string> = { host: HOST }): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    request(base + path, { headers }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => {
        body += chunk
      })
      response.on('end', () => resolvePromise(body))
    })
      .on('error', reject)
      .end()
  })
}

interface Result {
  title: string
  path: string
  rps: number
  p50: number
  p99: number
  ok: number
  errors: number
}

async function load(title: string, path: string, options: Partial<autocannon.Options> = {}): Promise<Result> {
  const result = await autocannon({
    url: base + path,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { host: HOST, 'accept-encoding': 'gzip' },
    ...options,
  })
  const errors = result.errors + result.timeouts + (result.non2xx ?? 0)
  return {
    title,
    path,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    errors,
  }
}

function print(results: Result[]) {
  console.log('target               req/s    p50 ms  p99 ms      2xx  errors  path')
  for (const r of results) {
    console.log(
      `${r.title.padEnd(18)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(7)} ${String(r.ok).padStart(8)} ${String(r.errors).padStart(7)}  ${r.path}`,
    )
  }
}

async function medianServeTime(path: string, samples = 300): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < samples; i++) {
    const start = performance.now()
    await get(path)
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)] ?? Number.NaN
}

/** Gzipped size of every script a page loads: its module entry and each modulepreload. */
async function javascriptPerPage(path: string, headers?: Record<string, string>): Promise<number> {
  const html = await get(path, headers)
  const sources = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g),
  ].map((match) => match[1] ?? '')
  return [...new Set(sources)].reduce(
    (total, src) => total + gzipSync(readFileSync(resolve(root, 'dist/client', `.${src}`))).length,
    0,
  )
}

/** Peak resident memory of a process and its workers together, in MB (Linux /proc). */
function peakMemoryMb(pid: number | undefined): number {
  const peak = (id: string | number) =>
    Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0) / 1024
  const children = readdirSync('/proc').filter((id) => {
    if (!/^\d+$/.test(id)) return false
    try {
      return readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(pid)
    } catch {
      return false
    }
  })
  return peak(pid ?? 0) + children.reduce((total, id) => total + peak(id), 0)
}

/** A local SMTP server that accepts and discards mail, so the outbox poller works as in production. */
async function mailSink(): Promise<{ url: string; close: () => void; count: () => number }> {
  let received = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume()
      stream.on('end', () => {
        received++
        callback()
      })
    },
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()))
  const port = (server.server.address() as { port: number }).port
  return { url: `smtp://127.0.0.1:${port}`, close: () => server.close(), count: () => received }
}

async function submitTarget(databaseUrl: string, label: string) {
  const sink = await mailSink()
  const server = await startServer({
    DATABASE_URL: databaseUrl,
    SMTP_URL: sink.url,
    EMAIL_DOMAIN_CHECK: 'off',
    RATE_LIMIT_PER_MINUTE: '1000000',
  })
  let counter = 0
  const result = await load(`submit (${label})`, '/api/privacy-rights/request', {
    method: 'POST',
    headers: { host: HOST, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            flowType: 'OBJECTION',
            country: 'NL',
            language: 'nl',
            email: `bench-${++counter}@example.com`,
            brands: ['AD', 'TROUW'],
          }),
        }),
      },
    ],
  })
  const memory = peakMemoryMb(server.pid)
  await stopServer(server)
  sink.close()
  const db = openDatabase(databaseUrl, root)
  const requests = await db.db
    .selectFrom('privacy_requests')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  const outbox = await db.db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  await db.close()
  return { result, memory, stored: Number(requests.n), queued: Number(outbox.n) }
}

/** The search service on its own: median time of a search, and what the indexes take. */
function searchInProcess() {
  const heapBefore = process.memoryUsage().heapUsed
  const search = createSearchService(loadDocuments(join(root, 'content/documents')))
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024
  const queries = [
    'persoonsgegevens bewaren',
    'cookies',
    'abonnement opzeggen',
    'Tweakers',
    'recht op inzage',
    'autoriteit',
  ]
  const times: number[] = []
  for (let i = 0; i < 2000; i++) {
    const start = performance.now()
    search.search(queries[i % queries.length] ?? '', 'nl_nl')
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return { median: times[1000] ?? Number.NaN, runs: times.length, bytes: search.indexBytes(), heapMb }
}

/**
 * Issue 16: the privacy desk's queue with 10,000 requests in the database (a year of them, every status), read
 * by a privacy-team session through the API with the queue's filters in turn, and the queue page itself.
 */
async function deskTarget(databaseUrl: string, label: string): Promise<Result[]> {
  const db = openDatabase(databaseUrl, root)
  await migrate(db.db, db.dialect)
  const statuses = [
    'open',
    'open',
    'extended',
    'completed',
    'rejected',
    'pending',
    'expired',
    'executed',
  ] as const
  const flows = ['RIGHT_OF_ACCESS', 'RIGHT_TO_BE_FORGOTTEN', 'RECTIFICATION', 'OBJECTION'] as const
  const now = Date.now()
  await db.db.transaction().execute(async (trx) => {
    for (let i = 0; i < 10_000; i++) {
      const created = new Date(now - (i % 365) * 86_400_000 - i * 1000)
      const status = statuses[i % statuses.length] ?? 'open'
      const due =
        status === 'open' || status === 'extended' ? new Date(created.getTime() + 31 * 86_400_000) : null
      await insertRequest(trx, {
        ...normalise(
          {
            flowType: flows[i % flows.length] ?? 'RIGHT_OF_ACCESS',
            country: 'NL',
            language: 'nl',
            email: `r${i % 4000}@example.nl`,
          },
          {
            host: 'nl.localhost',
            country: 'NL',
            environment: 'local',
            toggles: {} as never,
            origin: 'http://nl.localhost',
          },
          created,
        ),
        status,
        dueAt: due?.toISOString() ?? null,
        reference: `NL-${created.toISOString().slice(2, 10).replace(/-/g, '')}-${i.toString(32).toUpperCase().padStart(5, 'W')}`,
      })
    }
  })
  await db.close()
  const server = await startServer({ DATABASE_URL: databaseUrl })
  try {
    const staff = await staffHeaders('privacy-team')
    const queries = [
      '',
      '?due=week',
      '?due=overdue',
      '?status=open',
      '?flowType=RIGHT_OF_ACCESS&offset=50',
      '?q=r17%40example.nl',
    ]
    let n = 0
    const options = (path: string): Partial<autocannon.Options> => ({
      connections: 20,
      headers: { ...staff, 'accept-encoding': 'gzip' },
      requests: [{ setupRequest: (req) => ({ ...req, path: `${path}${queries[n++ % queries.length]}` }) }],
    })
    return [
      await load(
        `desk API (${label})`,
        '/api/internal-privacy-rights/requests',
        options('/api/internal-privacy-rights/requests'),
      ),
      await load(
        `desk page (${label})`,
        '/nl/internal-privacy-rights/requests',
        options('/nl/internal-privacy-rights/requests'),
      ),
    ]
  } finally {
    await stopServer(server)
  }
}

/**
 * Issue 17: a brand system pages through 100,000 suppressions at limit 1000, one page after the other, as a
 * catching-up client would. Answers rows per second over the whole walk.
 */
async function feedTarget(databaseUrl: string, label: string): Promise<string> {
  const db = openDatabase(databaseUrl, root)
  await migrate(db.db, db.dialect)
  const clients = createApiClientService({ db })
  const { secret } = await clients.add({ name: `Bench ${label}`, country: 'NL' })
  const request = normalise(
    { flowType: 'OBJECTION', country: 'NL', language: 'nl', phoneNumber: '+31612345678', brands: ['AD'] },
    {
      host: 'nl.localhost',
      country: 'NL',
      environment: 'local',
      toggles: {} as never,
      origin: 'http://nl.localhost',
    },
    new Date(),
  )
  await insertRequest(db.db, { ...request, status: 'executed', reference: 'NL-261124-BENCH' })
  for (let batch = 0; batch < 100; batch++) {
    await db.db.transaction().execute((trx) =>
      insertSuppressions(
        trx,
        Array.from({ length: 1000 }, (_, i) => ({
          channel: 'EMAIL' as const,
          brandKey: ['AD', 'TROUW', 'VK', 'PAROOL'][i % 4] ?? 'AD',
          country: 'NL' as const,
          email: `reader${batch * 1000 + i}@example.nl`,
          phoneNumber: null,
          postalAddress: null,
          requestId: request.id,
        })),
        new Date().toISOString(),
      ),
    )
  }
  await db.close()
  const server = await startServer({ DATABASE_URL: databaseUrl })
  try {
    const headers = { host: 'privacy.dpgmedia.nl', authorization: `Bearer ${secret}` }
    const start = performance.now()
    let rows = 0
    let cursor: string | null = null
    for (;;) {
      const page = JSON.parse(
        await get(`/api/v1/suppressions?limit=1000${cursor ? `&after=${cursor}` : ''}`, headers),
      ) as { items: unknown[]; next: string | null }
      rows += page.items.length
      if (page.items.length < 1000 || !page.next) break
      cursor = page.next
    }
    const seconds = (performance.now() - start) / 1000
    return `  feed (${label.padEnd(10)}) ${rows} rows in ${seconds.toFixed(2)} s: ${Math.round(rows / seconds)} rows/s`
  } finally {
    await stopServer(server)
  }
}

/** Issue 7 budget: 10,000 campaigns in the store, every filter at 20 connections. */
async function campaignTarget(databaseUrl: string, label: string): Promise<Result> {
  const db = openDatabase(databaseUrl, root)
  await migrate(db.db, db.dialect)
  const channels = ['PRINT', 'DIGITAL', 'TV', 'RADIO'] as const
  const words = ['wonen', 'energie', 'klimaat', 'onderwijs', 'mobiliteit', 'zorg', 'veiligheid', 'europa']
  const rows = Array.from({ length: 10_000 }, (_, i) => {
    const start = new Date(Date.UTC(2024, 0, 1) + (i % 1050) * 86_400_000).toISOString().slice(0, 10)
    const end = new Date(Date.parse(start) + (7 + (i % 60)) * 86_400_000).toISOString().slice(0, 10)
    return {
      id: `bench-${i}`,
      status: i % 3 === 0 ? 'STOPPED' : 'RUNNING',
      sponsorName: `Stichting ${words[i % words.length]} ${i}`,
      publicationStartDate: start,
      publicationEndDate: end,
      budgetLowerBound: 1000 + (i % 50) * 100,
      budgetUpperBound: 10_000 + (i % 50) * 1000,
      channel: channels[i % 4],
      fundingOriginType: i % 2 ? 'PRIVATE' : 'PUBLIC',
      fundingRegion: 'EU',
      campaignContextNoteNl: `Campagne over ${words[(i + 3) % words.length]} in de regio.`,
      previousPublicationSuspended: false,
    }
  })
  const report = await importCampaigns(db, rows, { country: 'NL' })
  await db.close()
  if (report.loaded !== 10_000) throw new Error('The campaign fixture did not load')
  const server = await startServer({ DATABASE_URL: databaseUrl })
  const queries = [
    '',
    '&period=PAST_30_DAYS',
    '&channel=RADIO',
    '&text=energie',
    '&period=PAST_YEAR&channel=TV&text=zorg',
    '&period=PAST_7_DAYS',
  ]
  let n = 0
  const result = await load(`campaigns (${label})`, '/api/campaign-items?countryCode=NL', {
    connections: 20,
    headers: { host: 'privacy-acc.dpgmedia.nl', 'accept-encoding': 'gzip' },
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          path: `/api/campaign-items?countryCode=NL${queries[n++ % queries.length]}`,
        }),
      },
    ],
  })
  await stopServer(server)
  return result
}

async function freshPostgresUrl(url: string): Promise<string> {
  const schema = `bench_${Date.now()}`
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query(`CREATE SCHEMA ${schema}`)
  await client.end()
  return `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`
}

/**
 * The staff pages need a session: the development sign-in of the local host nl.localhost (the server runs
 * on the built-in host table, without an identity provider). Answers the request headers to use.
 */
function staffHeaders(role = 'customer-service'): Promise<Record<string, string>> {
  return new Promise((resolvePromise, reject) => {
    const body = `email=bench%40dpgmedia.nl&name=Bench&role=${role}`
    request(
      `${base}/nl/internal-privacy-rights/sign-in/development`,
      {
        method: 'POST',
        headers: {
          host: 'nl.localhost',
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(body.length),
        },
      },
      (response) => {
        const cookie = (response.headers['set-cookie'] ?? []).find((c) =>
          c.startsWith('__Host-staff-session='),
        )
        response.resume()
        if (!cookie) reject(new Error(`Development sign-in failed: ${response.statusCode}`))
        else resolvePromise({ host: 'nl.localhost', cookie: cookie.split(';')[0] ?? '' })
      },
    )
      .on('error', reject)
      .end(body)
  })
}

async function main() {
  const sqliteUrl = `file:${join(mkdtempSync(join(tmpdir(), 'bench-')), 'bench.sqlite')}`
  const server = await startServer({ DATABASE_URL: sqliteUrl })
  const pages = [
    ['home page', '/nl'],
    ['document page', '/nl/document/privacy-policy'],
  ] as const
  const results: Result[] = []
  let median = 0
  const js: string[] = []
  try {
    const html = await get('/nl')
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    if (!asset) throw new Error('No script on the home page')
    for (const [title, path] of pages) results.push(await load(title, path))
    results.push(await load('static asset', asset))
    median = await medianServeTime('/nl')
    results.push(await load('search API', '/api/search?q=persoonsgegevens%20bewaren&locale=nl_nl'))
    for (const [title, path] of [
      ...pages,
      ['about page', '/nl/about'],
      ['not-found page', '/nl/no-such-page'],
      ['rights overview', '/nl/privacy-rights'],
      ['brands step', '/nl/privacy-rights/direct-marketing/brands'],
      ['channels step', '/nl/privacy-rights/direct-marketing/communication-types'],
      ['access form', '/nl/privacy-rights/access'],
      ['processed page', '/nl/privacy-rights/processed'],
      ['phone page', '/nl/phone'],
      ['search page', '/nl/search'],
    ]) {
      js.push(`  ${title.padEnd(16)} ${((await javascriptPerPage(path)) / 1024).toFixed(1)} kB  ${path}`)
    }
    const staff = await staffHeaders()
    for (const [title, path] of [
      ['staff form', '/nl/internal-privacy-rights/direct-marketing'],
      ['staff processed', '/nl/internal-privacy-rights/processed'],
    ] as const) {
      js.push(
        `  ${title.padEnd(16)} ${((await javascriptPerPage(path, staff)) / 1024).toFixed(1)} kB  ${path}`,
      )
    }
  } finally {
    await stopServer(server)
  }

  console.log(
    `\nLoad: ${CONNECTIONS} connections, ${DURATION} s per target, Host: ${HOST}, ${WORKERS} server worker(s)\n`,
  )
  print(results)
  const staticRps = results.find((r) => r.title === 'static asset')?.rps ?? 1
  for (const r of results.filter((result) => result.title.endsWith('page'))) {
    console.log(`ratio ${r.title}/static: ${(r.rps / staticRps).toFixed(3)}`)
  }
  const inProcess = searchInProcess()
  console.log(
    `\nsearch in-process: median ${inProcess.median.toFixed(3)} ms over ${inProcess.runs} searches; indexes ${(inProcess.bytes / 1024 / 1024).toFixed(1)} MB serialised, heap +${inProcess.heapMb.toFixed(0)} MB`,
  )
  console.log(`\nmedian time to serve /nl, one request at a time: ${median.toFixed(2)} ms`)
  console.log('\nJavaScript per page (gzip):')
  console.log(js.join('\n'))

  const submits = [await submitTarget(sqliteUrl, 'SQLite')]
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
  if (pgUrl) submits.push(await submitTarget(await freshPostgresUrl(pgUrl), 'PostgreSQL'))
  const campaigns = [
    await campaignTarget(`file:${join(mkdtempSync(join(tmpdir(), 'bench-')), 'campaigns.sqlite')}`, 'SQLite'),
  ]
  if (pgUrl) campaigns.push(await campaignTarget(await freshPostgresUrl(pgUrl), 'PostgreSQL'))
  console.log('\nCampaign list with 10,000 campaigns, 20 connections, six filters in turn:\n')
  print(campaigns)
  const desk = await deskTarget(
    `file:${join(mkdtempSync(join(tmpdir(), 'bench-')), 'desk.sqlite')}`,
    'SQLite',
  )
  if (pgUrl) desk.push(...(await deskTarget(await freshPostgresUrl(pgUrl), 'PostgreSQL')))
  console.log('\nPrivacy desk queue with 10,000 requests, 20 connections, six filters in turn:\n')
  print(desk)
  const feeds = [
    await feedTarget(`file:${join(mkdtempSync(join(tmpdir(), 'bench-')), 'feed.sqlite')}`, 'SQLite'),
  ]
  if (pgUrl) feeds.push(await feedTarget(await freshPostgresUrl(pgUrl), 'PostgreSQL'))
  console.log('\nSuppression feed, 100,000 rows paged at limit 1000 by one client:\n')
  console.log(feeds.join('\n'))
  console.log('\nPrivacy requests submitted (rate limit raised, e-mail domain check off):\n')
  print(submits.map((s) => s.result))
  for (const s of submits) {
    console.log(
      `${s.result.title}: accepted ${s.result.ok}, stored ${s.stored}, outbox ${s.queued}, peak server memory ${s.memory.toFixed(0)} MB`,
    )
  }
  console.log('\nBudgets: home ≥ 800 req/s and p99 ≤ 100 ms; ≤ 95 kB gzipped JavaScript per page;')
  console.log(
    'search ≤ 5 ms median in-process and ≥ 500 req/s through the API; campaign list p99 ≤ 50 ms at 20 connections; feed ≥ 2,000 rows/s at limit 1000;',
  )
  console.log(
    'submit ≥ 500 accepted/s with p99 ≤ 100 ms and ≤ 300 MB, every accepted request stored with its mail.',
  )
}

await main()
