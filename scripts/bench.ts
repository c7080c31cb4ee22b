/**
 * `npm run bench`: starts the production server and loads it with autocannon on loopback.
 * Prints requests per second and latency per target, the page/static ratio, the median time to serve the
 * home page one request at a time, and the gzipped JavaScript each page loads. Budgets are printed next to
 * the figures; they are not assertions.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'

const root = resolve(import.meta.dirname, '..')
const PORT = Number(process.env.BENCH_PORT ?? 3299)
const HOST = 'privacy.dpgmedia.nl'
const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 50
const base = `http://127.0.0.1:${PORT}`

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist/node/index.mjs'], {
    cwd: root,
    env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', ...process.env, PORT: String(PORT) },
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

/** GET with our Host header (fetch() may not set Host); resolves with the body. */
function get(path: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    request(base + path, { headers: { host: HOST } }, (response) => {
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

async function load(title: string, path: string) {
  const result = await autocannon({
    url: base + path,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { host: HOST, 'accept-encoding': 'gzip' },
  })
  const errors = result.errors + result.timeouts + (result.non2xx ?? 0)
  return {
    title,
    path,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
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
async function javascriptPerPage(path: string): Promise<number> {
  const html = await get(path)
  const sources = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g),
  ].map((match) => match[1] ?? '')
  return [...new Set(sources)].reduce(
    (total, src) => total + gzipSync(readFileSync(resolve(root, 'dist/client', `.${src}`))).length,
    0,
  )
}

async function main() {
  const server = await startServer()
  try {
    const home = '/nl'
    const html = await get(home)
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    if (!asset) throw new Error('No script on the home page')
    const pages = [
      ['home page', home],
      ['document page', '/nl/document/privacy-policy'],
    ] as const
    const results = []
    for (const [title, path] of pages) results.push(await load(title, path))
    const staticResult = await load('static asset', asset)
    results.push(staticResult)

    console.log(`\nLoad: ${CONNECTIONS} connections, ${DURATION} s per target, Host: ${HOST}\n`)
    console.log('target          req/s    p50 ms  p99 ms  errors  path')
    for (const r of results) {
      console.log(
        `${r.title.padEnd(15)} ${r.rps.toFixed(0).padStart(6)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(7)} ${String(r.errors).padStart(7)}  ${r.path}`,
      )
    }
    for (const r of results.slice(0, -1)) {
      console.log(`ratio ${r.title}/static: ${(r.rps / staticResult.rps).toFixed(3)}`)
    }
    console.log(
      `\nmedian time to serve ${home}, one request at a time: ${(await medianServeTime(home)).toFixed(2)} ms`,
    )
    console.log('\nJavaScript per page (gzip):')
    for (const [title, path] of [...pages, ['not-found page', '/nl/no-such-page'] as const]) {
      console.log(`  ${title.padEnd(15)} ${((await javascriptPerPage(path)) / 1024).toFixed(1)} kB  ${path}`)
    }
    console.log('\nBudgets: home ≥ 800 req/s and p99 ≤ 100 ms; ≤ 95 kB gzipped JavaScript per page.')
  } finally {
    server.kill('SIGTERM')
  }
}

await main()
