/**
 * The public site's targets: every cached page as a browser asks for it, the search page and API with six
 * everyday queries in turn, and the pages Chromium and Lighthouse open. Split from bench.ts (issue 31).
 */
import type { BrowserPage } from './bench-browser.ts'
import { ACC, BE, BROWSER, cycle, NL, SEARCHES } from './bench-context.ts'
import { send, staffCookie } from './bench-http.ts'
import type { Target } from './bench-load.ts'
import type { Server } from './bench-processes.ts'

const PAGE_GOAL = { ratio: 0.8, p99Ratio: 1.5, noTimeouts: true }

/** Every cached public page, as a browser asks for it. */
export async function pageTargets(server: Server): Promise<Target[]> {
  const page = (name: string, path: string, host = NL, expect = 200): Target => ({
    name,
    path,
    headers: { host, ...BROWSER },
    expect,
    kind: 'page',
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
export function searchTargets(): Target[] {
  const query = cycle(SEARCHES)
  const api = cycle(SEARCHES)
  return [
    {
      name: 'search page',
      path: `/nl/search?q=${encodeURIComponent(SEARCHES[0] ?? '')}`,
      headers: { host: NL, ...BROWSER },
      next: () => ({ path: `/nl/search?q=${encodeURIComponent(query())}` }),
      variants: SEARCHES.map((text) => `/nl/search?q=${encodeURIComponent(text)}`),
      kind: 'answer',
      goal: { ratio: 0.4, p99Ratio: 1.5, noTimeouts: true },
    },
    {
      name: 'search API',
      path: `/api/search?q=${encodeURIComponent(SEARCHES[0] ?? '')}&locale=nl_nl`,
      headers: { host: NL, 'accept-encoding': 'br, gzip' },
      next: () => ({ path: `/api/search?q=${encodeURIComponent(api())}&locale=nl_nl` }),
      variants: SEARCHES.map((text) => `/api/search?q=${encodeURIComponent(text)}&locale=nl_nl`),
      kind: 'answer',
      goal: { ratio: 0.4, p99Ratio: 1.5, noTimeouts: true },
    },
  ]
}

/** The pages Chromium and Lighthouse open: issue 19 point 4's content pages, and the form pages. */
export async function browserPages(server: Server): Promise<BrowserPage[]> {
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
