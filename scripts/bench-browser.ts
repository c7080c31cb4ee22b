/**
 * What a real browser loads: Debian's Chromium opens each page in a fresh context and every script and
 * stylesheet it fetches is weighed; Lighthouse (mobile, the default config's performance category) scores the
 * same pages. The production host names are mapped to the bench's server inside Chromium, and every other
 * host resolves nowhere: nothing waits on the internet.
 */
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import puppeteer from 'puppeteer-core'
import { killAtExit } from './bench-processes.ts'

const CHROMIUM = '/usr/bin/chromium'

export interface BrowserPage {
  name: string
  kind: 'content' | 'form'
  host: string
  path: string
  expect?: number
  /** Needs a staff session (the development sign-in's cookie). */
  staffCookie?: string
  /**
   * What the visitor's tab holds when the page opens (sessionStorage): a step that is reached only from an
   * earlier step sends a visitor without it back to the start.
   */
  session?: Record<string, string>
}

/** Puts the page's sessionStorage in place before its scripts run (an init script, in the page). */
function seedSession(items: Record<string, string>) {
  for (const [key, value] of Object.entries(items)) sessionStorage.setItem(key, value)
}

/**
 * The flags both browsers get: the site's hosts go to the bench's server (their URLs carry no port, as in
 * production), anything else fails at once; no HTTPS upgrade attempts, no background traffic.
 */
function chromiumFlags(port: number, hosts: string[]): string[] {
  const rules = [...hosts.map((host) => `MAP ${host} 127.0.0.1:${port}`), 'MAP * ~NOTFOUND'].join(', ')
  return [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-default-apps',
    '--disable-sync',
    '--disable-features=HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,MediaRouter,OptimizationHints',
    '--no-first-run',
    `--host-resolver-rules=${rules}`,
  ]
}

export function pageUrl(page: BrowserPage): string {
  return `http://${page.host}${page.path}`
}

export interface Weighed {
  page: BrowserPage
  /** Gzip (level 9) of each body, summed: the same yardstick whatever the server sent. */
  js: number
  css: number
  scripts: number
  stylesheets: number
  /** The same responses' size on the wire as the server sent them (headers excluded). */
  wire: number
  problems: string[]
}

/**
 * Opens each page in a fresh context, waits for the network to be idle (so imports made after load count),
 * and weighs every script and stylesheet response.
 */
export async function weighPages(port: number, pages: BrowserPage[]): Promise<Weighed[]> {
  const hosts = [...new Set(pages.map((page) => page.host))]
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumFlags(port, hosts) })
  const results: Weighed[] = []
  try {
    // A few pages at once (each in its own context): most of a page's time is the wait for an idle network.
    let next = 0
    const worker = async () => {
      for (let index = next++; index < pages.length; index = next++) {
        results[index] = await weigh(browser, pages[index] as BrowserPage)
      }
    }
    await Promise.all(Array.from({ length: 3 }, worker))
  } finally {
    await browser.close()
  }
  return results
}

async function weigh(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  page: BrowserPage,
): Promise<Weighed> {
  const context = await browser.newContext(
    page.staffCookie ? { extraHTTPHeaders: { cookie: page.staffCookie } } : {},
  )
  const result: Weighed = { page, js: 0, css: 0, scripts: 0, stylesheets: 0, wire: 0, problems: [] }
  try {
    if (page.session) await context.addInitScript(seedSession, page.session)
    const tab = await context.newPage()
    const weighing: Promise<void>[] = []
    tab.on('response', (response) => {
      const type = response.request().resourceType()
      if (type !== 'script' && type !== 'stylesheet') return
      weighing.push(
        (async () => {
          const body = await response.body()
          const sizes = await response.request().sizes()
          const gzip = gzipSync(body, { level: 9 }).length
          if (type === 'script') {
            result.js += gzip
            result.scripts++
          } else {
            result.css += gzip
            result.stylesheets++
          }
          result.wire += sizes.responseBodySize
          if (!response.ok()) result.problems.push(`${response.url()} answered ${response.status()}`)
        })().catch((error: unknown) => {
          result.problems.push(`${response.url()}: ${(error as Error).message}`)
        }),
      )
    })
    tab.on('pageerror', (error) => result.problems.push(`script error: ${error.message}`))
    tab.on('requestfailed', (request) => {
      // The tab's icon is the browser's business, not the page's.
      if (request.resourceType() === 'other') return
      result.problems.push(`${request.url()} failed: ${request.failure()?.errorText ?? 'unknown'}`)
    })
    const response = await tab.goto(pageUrl(page), { waitUntil: 'networkidle', timeout: 60_000 })
    const expected = page.expect ?? 200
    if (response?.status() !== expected)
      result.problems.push(`the page answered ${response?.status() ?? 'nothing'}, not ${expected}`)
    if (tab.url() !== pageUrl(page)) result.problems.push(`the page went on to ${tab.url()}`)
    await Promise.all(weighing)
  } catch (error) {
    result.problems.push((error as Error).message.split('\n')[0] ?? 'failed')
  } finally {
    await context.close()
  }
  return result
}

export interface Scored {
  page: BrowserPage
  /** The median of the runs' scores (0–100), or null when Lighthouse could not score the page. */
  score: number | null
  /** Every run's score, in order. */
  scores: number[]
  /** The median run's metrics. */
  metrics: string
  problem?: string
}

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const

/**
 * Lighthouse's default (mobile) configuration, performance category only, with simulated throttling (no real
 * network waits), `runs` times per page (the median counts), one Chromium for all pages.
 */
export async function scorePages(port: number, pages: BrowserPage[], runs: number): Promise<Scored[]> {
  const hosts = [...new Set(pages.map((page) => page.host))]
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...chromiumFlags(port, hosts)],
    logLevel: 'silent',
    // The bench's own exit handling ends it (scripts/bench-processes.ts), after its clean-up.
    handleSIGINT: false,
  })
  const forget = killAtExit(chrome.pid)
  const results: Scored[] = []
  // Through Puppeteer, so that a page's sessionStorage can be in place when Lighthouse opens it.
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
  try {
    for (const page of pages) {
      const tab = await browser.newPage()
      try {
        if (page.session) await tab.evaluateOnNewDocument(seedSession, page.session)
        const done: { score: number; metrics: string; warning?: string }[] = []
        let problem: string | undefined
        for (let n = 0; n < runs && !problem; n++) {
          const lhr = (
            await lighthouse(
              pageUrl(page),
              {
                output: 'json',
                logLevel: 'error',
                onlyCategories: ['performance'],
                ...(page.staffCookie ? { extraHeaders: { Cookie: page.staffCookie } } : {}),
              },
              undefined,
              tab,
            )
          )?.lhr
          const score = lhr?.categories.performance?.score
          if (!lhr || score == null) {
            problem = lhr?.runtimeError?.message ?? 'no score'
            break
          }
          done.push({
            score: Math.round(score * 100),
            metrics: METRICS.map(
              ([id, label]) => `${label} ${lhr.audits[id]?.displayValue?.replace(/\s/g, ' ') ?? '?'}`,
            ).join(', '),
            ...(lhr.runWarnings.length > 0 ? { warning: lhr.runWarnings.join(' ') } : {}),
          })
        }
        const median = [...done].sort((a, b) => a.score - b.score)[Math.floor(done.length / 2)]
        const warning = problem ?? median?.warning
        results.push({
          page,
          score: problem ? null : (median?.score ?? null),
          scores: done.map((run) => run.score),
          metrics: median?.metrics ?? '',
          ...(warning ? { problem: warning } : {}),
        })
      } catch (error) {
        results.push({ page, score: null, scores: [], metrics: '', problem: (error as Error).message })
      } finally {
        await tab.close()
      }
    }
  } finally {
    await browser.disconnect()
    chrome.kill()
    forget()
  }
  return results
}
