import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Page } from '@playwright/test'

/**
 * Issue 27: every page state the end-to-end tests visit is valid HTML. The tests keep each state of our own
 * pages they see (on load, at each axe analysis, at their end) as a file of this run, once per distinct
 * content; after the run the Nu HTML Checker (vnu, the npm package `vnu-jar`, on Java) checks them all in one
 * go, and any error fails the run, with the page and the state it was seen in.
 */
const folder = () => join(process.env.E2E_RUN_FOLDER ?? '', 'html')

/** Keeps the page's HTML as it is now, if it is one of our pages (`origin`: this run's app). */
export async function keepPageHtml(page: Page, port: number, when: string): Promise<void> {
  try {
    const url = page.url()
    if (!/^https?:/.test(url) || !new URL(url).host.endsWith(`localhost:${port}`)) return
    const { type, html } = await page.evaluate(() => ({
      type: document.contentType,
      html: `${document.doctype ? `<!DOCTYPE ${document.doctype.name}>\n` : ''}${document.documentElement.outerHTML}`,
    }))
    if (type !== 'text/html') return
    const hash = createHash('sha256').update(html).digest('hex').slice(0, 20)
    const dir = folder()
    mkdirSync(dir, { recursive: true })
    const file = join(dir, `${hash}.html`)
    if (existsSync(file)) return
    writeFileSync(file, html)
    appendFileSync(join(dir, 'states.tsv'), `${hash}.html\t${url}\t${when}\n`)
  } catch {
    // The page went on meanwhile (a navigation, the end of the test): that state is kept where it settles.
  }
}

interface VnuMessage {
  type: string
  url?: string
  lastLine?: number
  message: string
  extract?: string
}

/** Playwright's global teardown: the checker over every kept state; throws (fails the run) on any error. */
export default async function checkHtml(): Promise<void> {
  const dir = folder()
  if (!existsSync(dir)) return
  const states = readdirSync(dir).filter((name) => name.endsWith('.html'))
  if (states.length === 0) return
  const jar = String(createRequire(import.meta.url)('vnu-jar'))
  const output = await new Promise<string>((resolve, reject) => {
    execFile(
      'java',
      ['-Xss1m', '-jar', jar, '--format', 'json', '--errors-only', '--skip-non-html', dir],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (error && !stderr.trim().startsWith('{'))
          reject(new Error(`The HTML checker did not run (is Java installed?): ${error.message}`))
        else resolve(stderr)
      },
    )
  })
  const messages = (
    (JSON.parse(output || '{"messages":[]}') as { messages: VnuMessage[] }).messages ?? []
  ).filter((message) => message.type === 'error' || message.type === 'non-document-error')
  const where = new Map(
    readFileSync(join(dir, 'states.tsv'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('\t'))
      .map(([file, url, when]) => [file ?? '', `${url} (${when})`]),
  )
  console.log(`HTML checker: ${states.length} page states, ${messages.length} errors`)
  if (messages.length === 0) return
  for (const message of messages) {
    const file = message.url?.split('/').pop() ?? ''
    console.error(
      `${where.get(file) ?? file}:${message.lastLine ?? ''}: ${message.message}\n    ${message.extract ?? ''}`,
    )
  }
  throw new Error(
    `The HTML checker found ${messages.length} errors in the pages the end-to-end tests visited`,
  )
}
