/**
 * The bench's list targets on each database: political-ad notices (cached list against uncached texts), the
 * privacy desk's queue, and the brands' suppression feed paged by one client. Split from bench.ts (issue 31).
 */
import { ACC, BROWSER, cycle, NL, perDatabase, ROOT, type Sizes } from './bench-context.ts'
import { CAMPAIGN_WORDS, seedCampaigns, seedDeskRequests, seedSuppressions } from './bench-fixtures.ts'
import { send, staffCookie } from './bench-http.ts'
import { alternate, type Row } from './bench-load.ts'
import { startServer } from './bench-processes.ts'
import { printRows, type Report } from './bench-report.ts'

/**
 * Issue 7 and 19: with many notices, the list as most visitors ask for it (answered from the cache) against a
 * text query no cache can answer (each request's text is new).
 */
async function campaignTarget(size: Sizes, report: Report, label: string, databaseUrl: string) {
  report.heading(`Campaigns on ${label}: ${size.campaigns} notices, ${size.fewerConnections} connections`)
  await seedCampaigns(databaseUrl, ROOT, size.campaigns)
  const server = await startServer(ROOT, { DATABASE_URL: databaseUrl })
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
  await seedDeskRequests(databaseUrl, ROOT, size.deskRequests)
  const server = await startServer(ROOT, { DATABASE_URL: databaseUrl })
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
  const secret = await seedSuppressions(databaseUrl, ROOT, size.suppressions)
  const server = await startServer(ROOT, { DATABASE_URL: databaseUrl })
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

export const campaignScenario = perDatabase('campaigns', campaignTarget)
export const deskScenario = perDatabase('desk', deskTarget)
export const feedScenario = perDatabase('feed', feedTarget)
