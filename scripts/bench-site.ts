/**
 * The public site on one server (issues 19 and 30): scripts, pages and search under load, each beside the
 * favicon of the same process and, in a full run where nginx is installed, beside nginx sending the same
 * bytes; memory across two runs; then the browsers. Split from bench.ts (issue 31).
 */
import { readdirSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { lighthouseTarget, weighTarget } from './bench-chromium.ts'
import { type Bench, NL, ROOT, type Scenario, type Sizes } from './bench-context.ts'
import { bareServer, residentMb, send } from './bench-http.ts'
import { alternate, FAVICON, kB, type Mirror, measure, type Row, type Target } from './bench-load.ts'
import { mirrorable, NGINX, nginxInstalled, startMirror } from './bench-nginx.ts'
import { type Server, sqliteUrl, startServer } from './bench-processes.ts'
import { printRows, type Report } from './bench-report.ts'
import { browserPages, pageTargets, searchTargets } from './bench-targets-pages.ts'
import { faviconVerdict, GOAL_COVERS, VERSUS_GOALS } from './bench-versus.ts'

export const siteScenario: Scenario = {
  targets: ['asset', 'pages', 'search', 'rss', 'bytes', 'lighthouse'],
  run: siteTargets,
}

/** The public site on one server: scripts, pages, search, memory across two runs, then the browsers. */
async function siteTargets(bench: Bench) {
  const { runs, report } = bench
  const server = await startServer(ROOT, { DATABASE_URL: sqliteUrl('site') })
  try {
    const memory = [residentMb(server.pid)]
    const targets: Target[] = []
    const pageScript = runs('asset') ? await biggestPageScript(server) : null
    if (pageScript) targets.push({ ...FAVICON, kind: 'static' }, vikeEntry(), pageScript)
    if (runs('pages') || runs('rss')) targets.push(...(await pageTargets(server)))
    if (runs('search') || runs('rss')) targets.push(...searchTargets())
    if (targets.length > 0) {
      await firstRun(bench, server, targets)
      memory.push(residentMb(server.pid))
    }
    if (pageScript) await assetCeiling(server, pageScript, bench.size, report)
    if (runs('rss')) {
      report.heading('The same targets once more (server memory across two runs; rates were judged in run 1)')
      // This run is the memory's: each target's rate and p99 were judged in the first run (beside nginx where
      // it is installed), so here only time-outs are.
      const again = targets.map((target) => ({ ...target, goal: { noTimeouts: true } }))
      printRows(report, await alternate(server.base, again, loadOptions(bench)), ' (run 2)')
      memory.push(residentMb(server.pid))
      const [before = 0, first = 0, second = 0] = memory
      const ratio = second / first
      console.log(
        `\nserver RSS (VmRSS, all processes): before the load ${before.toFixed(0)} MB, after run 1 ${first.toFixed(0)} MB, after run 2 ${second.toFixed(0)} MB: ${ratio.toFixed(2)}× ${report.judge('server RSS: after run 2 ÷ after run 1', `${ratio.toFixed(2)}×`, '≤ 1.3×', ratio <= 1.3)}`,
      )
    }
    if (runs('bytes') || runs('lighthouse')) {
      const pages = await browserPages(server)
      if (runs('bytes')) await weighTarget(server, pages, report)
      if (runs('lighthouse')) await lighthouseTarget(server, pages, report, bench.options.lighthouseRuns)
    }
  } finally {
    await server.stop()
  }
}

function loadOptions(bench: Bench) {
  return { connections: bench.size.connections, budget: bench.size.budget, onError: bench.report.fail }
}

/**
 * The first run: each target beside the favicon and (full run, nginx installed) beside nginx with the same
 * bytes; then the favicon against the cached home page.
 */
async function firstRun(bench: Bench, server: Server, targets: Target[]) {
  const { report, size } = bench
  const nginx = !bench.options.quick && nginxInstalled() ? await startNginx(server, targets) : null
  if (!bench.options.quick && !nginx)
    console.log(
      `\nnote: no nginx at ${NGINX} (Debian: apt-get install -y nginx-light): the goals against nginx are not measured`,
    )
  report.heading(
    `Pages, scripts and search, ${size.connections} connections, each beside favicon.svg${nginx ? ' and beside nginx (one worker) sending the same bytes' : ''}`,
  )
  let rows: Row[]
  try {
    rows = await alternate(server.base, targets, {
      ...loadOptions(bench),
      ...(nginx ? { mirror: nginx.mirror } : {}),
    })
  } finally {
    await nginx?.server.stop()
  }
  printRows(report, rows)
  if (nginx)
    console.log(
      `nginx goals: rate ≥ ${VERSUS_GOALS.rate}× nginx's for ${GOAL_COVERS.rate.join(' and ')} targets; p99 ≤ ${VERSUS_GOALS.p99}× nginx's for ${GOAL_COVERS.p99.join(', ')} targets (pages: cached pages, static: files of dist/client, answer: search page and API); nginx sends each target's bytes as the app sent them once (a 404 page's with 200); where an nginx goal judges a figure, issue 19's goal against the favicon for it is not judged (its ratio stays in ×favicon)`,
    )
  const favicon = faviconVerdict(rows.find((row) => row.target.name === 'home'))
  if (favicon && !bench.options.quick)
    console.log(
      `${favicon.what} ${favicon.figure} (goal ${favicon.goal}) ${report.judge(favicon.what, favicon.figure, favicon.goal, favicon.pass)}`,
    )
}

/** nginx with the bytes of every target it can send (bench-nginx.ts). */
async function startNginx(server: Server, targets: Target[]): Promise<{ server: Server; mirror: Mirror }> {
  const mirrored = targets.filter(mirrorable)
  const nginx = await startMirror(server.base, mirrored)
  return { server: nginx, mirror: { base: nginx.base, has: (target) => mirrored.includes(target) } }
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
    kind: 'static',
    goal: { noTimeouts: true },
  }
}

/**
 * Vike's client entry, the file issue 19 named ("the 67 kB entry JS", ≥ 0.5× the favicon): still built and
 * served, though no page loads it since content pages dropped React and form pages hydrate without Vike's
 * client runtime (decision 007).
 */
function vikeEntry(): Target {
  const folder = resolve(ROOT, 'dist/client/assets/entries')
  const file = readdirSync(folder).find((name) => /^entry-.+\.js$/.test(name))
  if (!file) throw new Error('bench: dist/client/assets/entries holds no Vike client entry')
  return {
    name: `Vike entry ${kB(statSync(resolve(folder, file)).size)} (br)`,
    path: `/assets/entries/${file}`,
    headers: { host: NL, 'accept-encoding': 'br' },
    kind: 'static',
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
