/**
 * `npm run bench`: the production server from dist/ under load on loopback (autocannon), every target side by
 * side with the favicon served by the same process (scripts/bench-load.ts), the JavaScript and CSS each page
 * makes Chromium load, Lighthouse's mobile performance score, server memory across two runs, and the
 * database targets (submit, outbox, campaign search, privacy desk, suppression feed) on SQLite and, with
 * BENCH_DATABASE_URL or TEST_DATABASE_URL, PostgreSQL. Each goal of issue 19 is printed next to its figure.
 * `--quick` runs everything briefly for CI; `--only` picks targets (see USAGE).
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { type BrowserPage, scorePages, weighPages } from './bench-browser.ts'
import {
  CAMPAIGN_WORDS,
  queuedMails,
  seedCampaigns,
  seedDeskRequests,
  seedMails,
  seedSuppressions,
  storedRequests,
} from './bench-fixtures.ts'
import { alternate, type Budget, kB, measure, type Row, type Target } from './bench-load.ts'
import {
  bareServer,
  cleanUp,
  mailSink,
  postgresUrl,
  residentMb,
  type Server,
  send,
  sqliteUrl,
  staffCookie,
  startServer,
} from './bench-processes.ts'
import {
  createReport,
  loadAverage,
  type Options,
  parseOptions,
  printRows,
  type Report,
} from './bench-report.ts'
import { streamsTarget } from './bench-streams.ts'
import { buildReasons } from './build-if-needed.ts'

const root = resolve(import.meta.dirname, '..')
const NL = 'privacy.dpgmedia.nl'
const BE = 'privacy.dpgmedia.be'
/** The acceptance host: POLITICAL_ADS is on there. */
const ACC = 'privacy-acc.dpgmedia.nl'
/** What a browser sends for a page. */
const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'br, gzip' }
const SEARCHES = [
  'persoonsgegevens bewaren',
  'cookies',
  'abonnement opzeggen',
  'Tweakers',
  'recht op inzage',
  'autoriteit',
]

/** The sizes of each run: a measurement, or (--quick) a check that every target answers. */
function sizes(options: Options) {
  const quick = options.quick
  const budget: Budget = quick ? { seconds: 1, requests: 50 } : { seconds: options.seconds }
  return {
    budget,
    connections: quick ? 4 : 50,
    /** The staff and campaign targets, as issue 7 and 16 measured them. */
    fewerConnections: quick ? 4 : 20,
    campaigns: quick ? 200 : 10_000,
    deskRequests: quick ? 500 : 10_000,
    suppressions: quick ? 2000 : 100_000,
    mails: quick ? 100 : 5000,
    drainTimeoutMs: quick ? 60_000 : 180_000,
  }
}
type Sizes = ReturnType<typeof sizes>

function cycle<T>(values: readonly T[]): () => T {
  let n = 0
  return () => values[n++ % values.length] as T
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2), process.env)
  const reasons = buildReasons(root)
  if (reasons[0] === 'no build' || !existsSync(resolve(root, 'dist/client'))) {
    console.error('bench: no production build in dist/. Run "npm run build" first.')
    return 2
  }
  const size = sizes(options)
  const report = createReport(options.quick)
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
  const started = performance.now()
  console.log(
    `bench${options.quick ? ' --quick' : ''}: ${[...options.only].join(', ')}; load average at start ${loadAverage()}`,
  )
  console.log(
    options.quick
      ? `each run ${size.budget.requests} requests or ${size.budget.seconds} s at ${size.connections} connections`
      : `each run ${size.budget.seconds} s at ${size.connections} connections (campaigns and desk ${size.fewerConnections}); server WEB_CONCURRENCY ${process.env.BENCH_WORKERS ?? 1}`,
  )
  if (reasons.length > 0 && reasons[0] !== 'no build')
    console.log(`note: changed since the last build: ${reasons.join(', ')} (the bench measures dist/)`)
  console.log(
    `databases: SQLite${pgUrl ? ' and PostgreSQL' : ' (set BENCH_DATABASE_URL for PostgreSQL too)'}`,
  )

  const databases: [string, () => Promise<string>][] = [['SQLite', async () => sqliteUrl('bench')]]
  if (pgUrl) databases.push(['PostgreSQL', () => postgresUrl(pgUrl)])
  const run = (name: Parameters<typeof options.only.has>[0]) => options.only.has(name)

  try {
    if (
      ['asset', 'pages', 'search', 'rss', 'bytes', 'lighthouse'].some((name) =>
        options.only.has(name as never),
      )
    )
      await siteTargets(options, size, report)
    for (const [label, url] of databases)
      if (run('submit')) await submitTarget(size, report, label, await url())
    for (const [label, url] of databases)
      if (run('outbox')) await outboxTarget(size, report, label, await url())
    for (const [label, url] of databases)
      if (run('campaigns')) await campaignTarget(size, report, label, await url())
    for (const [label, url] of databases) if (run('desk')) await deskTarget(size, report, label, await url())
    for (const [label, url] of databases) if (run('feed')) await feedTarget(size, report, label, await url())
    for (const [label, url] of databases)
      if (run('streams')) await streamsTarget(options, report, label, await url())
  } catch (error) {
    report.fail(`the bench stopped: ${(error as Error).stack ?? error}`)
  } finally {
    await cleanUp()
  }
  report.summary()
  console.log(
    `\nload average at end ${loadAverage()}; the bench took ${((performance.now() - started) / 1000).toFixed(0)} s`,
  )
  return report.failures.length > 0 ? 1 : 0
}

/** The public site on one server: scripts, pages, search, memory across two runs, then the browsers. */
async function siteTargets(options: Options, size: Sizes, report: Report) {
  const run = (name: 'asset' | 'pages' | 'search' | 'rss' | 'bytes' | 'lighthouse') => options.only.has(name)
  const server = await startServer(root, { DATABASE_URL: sqliteUrl('site') })
  try {
    const memory = [residentMb(server.pid)]
    const targets: Target[] = []
    const pageScript = run('asset') ? await biggestPageScript(server) : null
    if (pageScript) targets.push(vikeEntry(), pageScript)
    if (run('pages') || run('rss')) targets.push(...(await pageTargets(server)))
    if (run('search') || run('rss')) targets.push(...searchTargets())
    const loadOptions = { connections: size.connections, budget: size.budget, onError: report.fail }
    if (targets.length > 0) {
      report.heading(`Pages, scripts and search, ${size.connections} connections, each beside favicon.svg`)
      printRows(report, await alternate(server.base, targets, loadOptions))
      memory.push(residentMb(server.pid))
    }
    if (pageScript) await assetCeiling(server, pageScript, size, report)
    if (run('rss')) {
      report.heading('The same targets once more (server memory across two runs)')
      printRows(report, await alternate(server.base, targets, loadOptions), ' (run 2)')
      memory.push(residentMb(server.pid))
      const [before = 0, first = 0, second = 0] = memory
      const ratio = second / first
      console.log(
        `\nserver RSS (VmRSS, all processes): before the load ${before.toFixed(0)} MB, after run 1 ${first.toFixed(0)} MB, after run 2 ${second.toFixed(0)} MB: ${ratio.toFixed(2)}× ${report.judge('server RSS: after run 2 ÷ after run 1', `${ratio.toFixed(2)}×`, '≤ 1.3×', ratio <= 1.3)}`,
      )
    }
    if (run('bytes') || run('lighthouse')) {
      const pages = await browserPages(server)
      if (run('bytes')) await weighTarget(server, pages, report)
      if (run('lighthouse')) await lighthouseTarget(server, pages, report, options.lighthouseRuns)
    }
  } finally {
    await server.stop()
  }
}

/**
 * The biggest script a form page loads (React and react-dom, some 70 kB gzipped: issue 19's "67 kB entry
 * JS"), asked for with brotli only: the page's own script and every module it imports, followed through.
 */
async function biggestPageScript(server: Server): Promise<Target> {
  const form = '/nl/privacy-rights/access'
  const html = (await send(server.base, form, { host: NL })).body.toString('utf8')
  const pending = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((match) => match[1] ?? match[2] ?? '')
  const seen = new Map<string, number>()
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (seen.has(path)) continue
    const body = (await send(server.base, path, { host: NL, 'accept-encoding': 'identity' })).body
    seen.set(path, body.length)
    // Static imports of the built modules: `import{…}from"../chunks/chunk-….js"`, `import"./….js"`.
    for (const match of body.toString('utf8').matchAll(/(?:from|import)\s*["']([^"']+\.js)["']/g))
      pending.push(new URL(match[1] ?? '', `http://site${path}`).pathname)
  }
  const [path, bytes] = [...seen].sort((a, b) => b[1] - a[1])[0] ?? ['', 0]
  if (!path) throw new Error(`${form} loads no script`)
  // Judged against what any server reaches with its bytes here (assetCeiling), not against the favicon.
  return {
    name: `page JS ${kB(bytes)} (br)`,
    path,
    headers: { host: NL, 'accept-encoding': 'br' },
    goal: { noTimeouts: true },
  }
}

/**
 * Vike's client entry, the file issue 19 named ("the 67 kB entry JS", ≥ 0.5× the favicon): still built and
 * served, though no page loads it since content pages dropped React and form pages hydrate without Vike's
 * client runtime (decision 007).
 */
function vikeEntry(): Target {
  const folder = resolve(root, 'dist/client/assets/entries')
  const file = readdirSync(folder).find((name) => /^entry-.+\.js$/.test(name))
  if (!file) throw new Error('bench: dist/client/assets/entries holds no Vike client entry')
  return {
    name: `Vike entry ${kB(statSync(resolve(folder, file)).size)} (br)`,
    path: `/assets/entries/${file}`,
    headers: { host: NL, 'accept-encoding': 'br' },
    goal: { ratio: 0.5, noTimeouts: true },
  }
}

/**
 * The biggest page script beside the most any server could do with its bytes here: a bare node:http server sending the
 * same body from memory (bare, ours, bare, at the same connections). Shows whether our server or the machine
 * (loopback, the load generator's one thread) bounds the figure.
 */
async function assetCeiling(server: Server, asset: Target, size: Sizes, report: Report) {
  const answer = await send(server.base, asset.path, asset.headers)
  const headers = Object.fromEntries(
    ['content-type', 'content-encoding', 'cache-control', 'etag', 'vary']
      .filter((name) => answer.headers[name] !== undefined)
      .map((name) => [name, String(answer.headers[name])]),
  )
  const bare = await bareServer(answer.body, headers)
  try {
    const target: Target = { name: 'the same bytes', path: '/', headers: {} }
    const before = await measure(bare.base, target, size.connections, size.budget)
    const ours = await measure(server.base, asset, size.connections, size.budget)
    const after = await measure(bare.base, target, size.connections, size.budget)
    const ceiling = (before.rps + after.rps) / 2
    const ratio = ours.rps / ceiling
    console.log(
      `\n${asset.name}, ${kB(answer.body.length)} on the wire: ours ${ours.rps.toFixed(0)} req/s, a bare node:http server sending the same bytes from memory ${ceiling.toFixed(0)} req/s: ${ratio.toFixed(2)}× that ceiling ${report.judge('page JS: rate ÷ a bare server with the same bytes', `${ratio.toFixed(2)}×`, '≥ 0.8×', ratio >= 0.8)}`,
    )
  } finally {
    await bare.stop()
  }
}

const PAGE_GOAL = { ratio: 0.8, p99Ratio: 1.5, noTimeouts: true }

/** Every cached public page, as a browser asks for it. */
async function pageTargets(server: Server): Promise<Target[]> {
  const page = (name: string, path: string, host = NL, expect = 200): Target => ({
    name,
    path,
    headers: { host, ...BROWSER },
    expect,
    goal: PAGE_GOAL,
  })
  return [
    page('home', '/nl'),
    page('document', '/nl/document/privacy-policy'),
    page('about', '/nl/about'),
    page('phone', '/nl/phone'),
    page('privacy-rights overview', '/nl/privacy-rights'),
    page('forgotten overview', '/nl/privacy-rights/forgotten-overview'),
    page('push guide', '/nl/privacy-rights/push-notifications'),
    page('email verified', '/nl/email-verified'),
    page('email verification failed', '/nl/email-verification-failed'),
    page('email verification expired', '/nl/email-verification-expired'),
    page('not found (404)', '/nl/no-such-page', NL, 404),
    page('political ads (acc)', '/nl/political-ads', ACC),
    page('political ad (acc)', await politicalAdPath(server), ACC),
  ]
}

/** A notice's page: the first the list links to. */
async function politicalAdPath(server: Server): Promise<string> {
  const html = (await send(server.base, '/nl/political-ads', { host: ACC })).body.toString('utf8')
  const path = /href="(\/nl\/political-ads\/[^"/?#]+)"/.exec(html)?.[1]
  if (!path) throw new Error('The political-ads list links to no notice')
  return path
}

/** The search page and API, with six everyday queries in turn. */
function searchTargets(): Target[] {
  const query = cycle(SEARCHES)
  const api = cycle(SEARCHES)
  return [
    {
      name: 'search page',
      path: `/nl/search?q=${encodeURIComponent(SEARCHES[0] ?? '')}`,
      headers: { host: NL, ...BROWSER },
      next: () => ({ path: `/nl/search?q=${encodeURIComponent(query())}` }),
      goal: { ratio: 0.4, p99Ratio: 1.5, noTimeouts: true },
    },
    {
      name: 'search API',
      path: `/api/search?q=${encodeURIComponent(SEARCHES[0] ?? '')}&locale=nl_nl`,
      headers: { host: NL, 'accept-encoding': 'br, gzip' },
      next: () => ({ path: `/api/search?q=${encodeURIComponent(api())}&locale=nl_nl` }),
      goal: { ratio: 0.4, p99Ratio: 1.5, noTimeouts: true },
    },
  ]
}

/** The pages Chromium and Lighthouse open: issue 19 point 4's content pages, and the form pages. */
async function browserPages(server: Server): Promise<BrowserPage[]> {
  const content = (name: string, path: string, expect = 200): BrowserPage => ({
    name,
    kind: 'content',
    host: NL,
    path,
    expect,
  })
  const form = (name: string, path: string, host = NL): BrowserPage => ({ name, kind: 'form', host, path })
  // What the brands step leaves for the channels step, and a submitted request for the processed page.
  const session = {
    'privacy-request': JSON.stringify({
      flowType: 'OBJECTION',
      brandIds: ['AD'],
      communicationTypes: ['EMAIL'],
      email: 'lezer@example.nl',
    }),
  }
  return [
    // Home has the contact form as an island: its React loads only when a visitor reaches for the form.
    content('home', '/nl'),
    content('document', '/nl/document/privacy-policy'),
    content('about', '/nl/about'),
    content('phone', '/nl/phone'),
    content('push guide', '/nl/privacy-rights/push-notifications'),
    content('privacy-rights overview', '/nl/privacy-rights'),
    content('forgotten overview', '/nl/privacy-rights/forgotten-overview'),
    content('email verified', '/nl/email-verified'),
    content('email verification failed', '/nl/email-verification-failed'),
    content('email verification expired', '/nl/email-verification-expired'),
    content('not found', '/nl/no-such-page', 404),
    form('brands step', '/nl/privacy-rights/direct-marketing/brands'),
    { ...form('channels step', '/nl/privacy-rights/direct-marketing/communication-types'), session },
    form('access', '/nl/privacy-rights/access'),
    form('forgotten', '/nl/privacy-rights/forgotten'),
    form('rectification', '/nl/privacy-rights/rectification'),
    form('publication (BE)', '/nl/privacy-rights/publication', BE),
    { ...form('processed', '/nl/privacy-rights/processed'), session },
    form('search', `/nl/search?q=${encodeURIComponent('cookies')}`),
    form('political ads (acc)', '/nl/political-ads', ACC),
    form('political ad (acc)', await politicalAdPath(server), ACC),
    {
      ...form('staff form', '/nl/internal-privacy-rights/direct-marketing', 'nl.localhost'),
      staffCookie: await staffCookie(server.base, 'customer-service'),
    },
  ]
}

const BYTES_GOAL = { content: 30, form: 95 } as const

async function weighTarget(server: Server, pages: BrowserPage[], report: Report) {
  report.heading('JavaScript and CSS per page in Chromium (fresh context, until the network is idle)')
  console.log(
    'Each script and stylesheet response gzipped here at level 9 (the same yardstick whatever the server sent); "wire" is what the server actually sent for them.\n',
  )
  console.log(`${'page'.padEnd(26)} kind      JS gzip  files   CSS gzip  files       wire  goal (JS)`)
  for (const weighed of await weighPages(server.port, pages)) {
    const { page } = weighed
    const limit = BYTES_GOAL[page.kind]
    const mark = report.judge(
      `${page.name}: JavaScript in Chromium (gzip)`,
      kB(weighed.js),
      `≤ ${limit} kB`,
      weighed.js <= limit * 1024,
    )
    console.log(
      `${page.name.padEnd(26)} ${page.kind.padEnd(7)} ${kB(weighed.js).padStart(9)} ${String(weighed.scripts).padStart(6)} ${kB(weighed.css).padStart(10)} ${String(weighed.stylesheets).padStart(6)} ${kB(weighed.wire).padStart(10)}  ≤ ${limit} kB ${mark}  ${page.host}${page.path}`,
    )
    for (const problem of weighed.problems) report.fail(`${page.name} in Chromium: ${problem}`)
  }
}

async function lighthouseTarget(server: Server, pages: BrowserPage[], report: Report, runs: number) {
  report.heading(
    `Lighthouse, mobile (default config), performance${runs > 1 ? `: median of ${runs} runs` : ''}; its simulated throttling scales the CPU time it observed, so a busy machine lowers TBT-bound scores`,
  )
  // Lighthouse refuses to score an error document.
  const scorable = pages.filter((page) => (page.expect ?? 200) === 200)
  for (const page of pages.filter((page) => !scorable.includes(page)))
    console.log(
      `${page.name.padEnd(26)}   —  not scored: Lighthouse does not score a ${page.expect} document`,
    )
  for (const scored of await scorePages(server.port, scorable, runs)) {
    const { page } = scored
    const mark =
      scored.score === null
        ? 'no score'
        : report.judge(
            `${page.name}: Lighthouse performance`,
            String(scored.score),
            '≥ 95',
            scored.score >= 95,
          )
    const all = scored.scores.length > 1 ? ` (runs ${scored.scores.join(', ')})` : ''
    console.log(
      `${page.name.padEnd(26)} ${String(scored.score ?? '—').padStart(3)}  ${mark.padEnd(4)}  ${scored.metrics}${all}`,
    )
    if (scored.score === null) report.fail(`${page.name}: Lighthouse could not score it: ${scored.problem}`)
    else if (scored.problem) console.log(`${''.padEnd(26)} note: ${scored.problem}`)
  }
}

/** Privacy requests submitted at 50 connections, each to its own address; then nothing may be missing. */
async function submitTarget(size: Sizes, report: Report, label: string, databaseUrl: string) {
  report.heading(
    `Privacy-request submit on ${label}, ${size.connections} connections (rate limit raised, e-mail domain check off)`,
  )
  const sink = await mailSink()
  const server = await startServer(root, {
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
  const stored = await storedRequests(databaseUrl, root)
  const queued = await queuedMails(databaseUrl, root)
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
  await seedMails(databaseUrl, root, size.mails)
  const sink = await mailSink()
  const server = await startServer(root, { DATABASE_URL: databaseUrl, SMTP_URL: sink.url })
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
  const left = await queuedMails(databaseUrl, root)
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

/**
 * Issue 7 and 19: with many notices, the list as most visitors ask for it (answered from the cache) against a
 * text query no cache can answer (each request's text is new).
 */
async function campaignTarget(size: Sizes, report: Report, label: string, databaseUrl: string) {
  report.heading(`Campaigns on ${label}: ${size.campaigns} notices, ${size.fewerConnections} connections`)
  await seedCampaigns(databaseUrl, root, size.campaigns)
  const server = await startServer(root, { DATABASE_URL: databaseUrl })
  let n = 0
  // "energie 1234", then "stichting energie 1234", "1234", "stichting 1234": distinct texts, each matching a
  // notice's sponsor or few, never asked twice in a run.
  const text = () => {
    const i = n % size.campaigns
    const word = CAMPAIGN_WORDS[i % CAMPAIGN_WORDS.length] ?? ''
    const forms = [`${word} ${i}`, `stichting ${word} ${i}`, `${i}`, `stichting ${i}`, `${word} ${i} ${n}`]
    const form = forms[Math.min(Math.floor(n++ / size.campaigns), forms.length - 1)] ?? ''
    return encodeURIComponent(form)
  }
  const headers = { host: ACC, 'accept-encoding': 'br, gzip' }
  let rows: Row[]
  try {
    rows = await alternate(
      server.base,
      [
        { name: `cached list (${label})`, path: '/api/campaign-items?countryCode=NL', headers },
        {
          name: `uncached text (${label})`,
          path: '/api/campaign-items?countryCode=NL&text=…',
          headers,
          next: () => ({ path: `/api/campaign-items?countryCode=NL&text=${text()}` }),
        },
      ],
      { connections: size.fewerConnections, budget: size.budget, onError: report.fail },
    )
  } finally {
    await server.stop()
  }
  printRows(report, rows)
  const [cached, uncached] = rows
  if (!cached || !uncached) return
  // Each normalised by its own favicon neighbours, so drift between the two runs cancels.
  const ratio = uncached.ratio / cached.ratio
  console.log(
    `campaigns (${label}): uncached text ÷ cached list ${ratio.toFixed(2)} ${report.judge(`campaigns (${label}): uncached text ÷ cached list`, ratio.toFixed(2), '≥ 0.3', ratio >= 0.3)}`,
  )
}

/** Issue 16: the privacy desk's queue, its API with the queue's filters in turn and the page. */
async function deskTarget(size: Sizes, report: Report, label: string, databaseUrl: string) {
  report.heading(
    `Privacy desk on ${label}: ${size.deskRequests} requests, ${size.fewerConnections} connections`,
  )
  await seedDeskRequests(databaseUrl, root, size.deskRequests)
  const server = await startServer(root, { DATABASE_URL: databaseUrl })
  let rows: Row[]
  try {
    const headers = {
      host: 'nl.localhost',
      cookie: await staffCookie(server.base, 'privacy-team'),
      'accept-encoding': 'br, gzip',
    }
    const filters = [
      '',
      '?due=week',
      '?due=overdue',
      '?status=open',
      '?flowType=RIGHT_OF_ACCESS&offset=50',
      '?q=r17%40example.nl',
    ]
    const api = cycle(filters)
    const page = cycle(filters)
    rows = await alternate(
      server.base,
      [
        {
          name: `desk API (${label})`,
          path: '/api/internal-privacy-rights/requests',
          headers,
          next: () => ({ path: `/api/internal-privacy-rights/requests${api()}` }),
        },
        {
          name: `desk page (${label})`,
          path: '/nl/internal-privacy-rights/requests',
          headers: { ...headers, accept: BROWSER.accept },
          next: () => ({ path: `/nl/internal-privacy-rights/requests${page()}` }),
        },
      ],
      { connections: size.fewerConnections, budget: size.budget, onError: report.fail },
    )
  } finally {
    await server.stop()
  }
  printRows(report, rows)
}

/** Issue 17: a brand system pages through the suppressions at limit 1000, one page after the other. */
async function feedTarget(size: Sizes, report: Report, label: string, databaseUrl: string) {
  report.heading(`Suppression feed on ${label}: ${size.suppressions} rows paged at limit 1000 by one client`)
  const secret = await seedSuppressions(databaseUrl, root, size.suppressions)
  const server = await startServer(root, { DATABASE_URL: databaseUrl })
  try {
    const headers = { host: NL, authorization: `Bearer ${secret}`, 'accept-encoding': 'identity' }
    const start = performance.now()
    let rows = 0
    let cursor: string | null = null
    for (;;) {
      const answer = await send(
        server.base,
        `/api/v1/suppressions?limit=1000${cursor ? `&after=${cursor}` : ''}`,
        headers,
      )
      if (answer.status !== 200) {
        report.fail(`feed (${label}): page after ${rows} rows answered ${answer.status}`)
        return
      }
      const page = JSON.parse(answer.body.toString('utf8')) as { items: unknown[]; next: string | null }
      rows += page.items.length
      if (page.items.length < 1000 || !page.next) break
      cursor = page.next
    }
    const seconds = (performance.now() - start) / 1000
    const rate = rows / seconds
    console.log(
      `feed (${label}): ${rows} rows in ${seconds.toFixed(2)} s: ${rate.toFixed(0)} rows/s ${report.judge(`feed (${label}): rows per second`, `${rate.toFixed(0)}/s`, '≥ 2,000/s', rate >= 2000)}`,
    )
    if (rows !== size.suppressions) report.fail(`feed (${label}): ${rows} rows read of ${size.suppressions}`)
  } finally {
    await server.stop()
  }
}

process.exit(
  await main().catch((error: unknown) => {
    console.error(`bench: ${(error as Error).message}`)
    return 2
  }),
)
