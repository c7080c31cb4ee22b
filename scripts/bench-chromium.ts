/**
 * The pages in the browsers: the JavaScript and CSS each page makes Chromium load, and Lighthouse's mobile
 * performance score (issue 19). Split from bench.ts (issue 31).
 */
import { type BrowserPage, scorePages, weighPages } from './bench-browser.ts'
import { kB } from './bench-load.ts'
import type { Server } from './bench-processes.ts'
import type { Report } from './bench-report.ts'

const BYTES_GOAL = { content: 30, form: 95 } as const

export async function weighTarget(server: Server, pages: BrowserPage[], report: Report) {
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

export async function lighthouseTarget(server: Server, pages: BrowserPage[], report: Report, runs: number) {
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
