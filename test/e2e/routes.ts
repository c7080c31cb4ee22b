import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { relative, resolve, sep } from 'node:path'
import { DOCUMENT_KEYS } from '#shared/documents.ts'
import { fallbackChain, type Locale } from '#shared/locale.ts'

/**
 * The pages of the site, for the specs that visit every one of them (test/e2e/reflow.spec.ts at 320 px,
 * test/e2e/forced-colours.spec.ts in forced colours): the routes that need no state, the documents with their
 * histories, the ads, and the route patterns of the page folders each spec holds its own list against, so a
 * new page cannot escape them.
 */

const CONTENT = resolve(import.meta.dirname, '../../content')
const PAGES = resolve(import.meta.dirname, '../../pages')

/** Spec §2's routes that need no state, for every language of every site. */
export const ROUTES = [
  '',
  '/about',
  '/phone',
  '/search',
  '/search?q=cookie',
  '/political-ads',
  '/privacy-rights',
  '/privacy-rights/direct-marketing/brands',
  '/privacy-rights/access',
  '/privacy-rights/rectification',
  '/privacy-rights/forgotten-overview',
  '/privacy-rights/forgotten',
  '/privacy-rights/push-notifications',
  '/privacy-rights/figures',
  '/email-verified',
  '/email-verification-failed',
  '/email-verification-expired',
  '/privacy-rights/status?token=unknown',
  '/privacy-rights/preferences',
  '/privacy-rights/preferences?token=unknown',
  '/not-found',
]
/** Spec §2: removal from publication exists in Belgium only. */
export const BELGIAN_ROUTES = ['/privacy-rights/publication']

/**
 * The route patterns of the pages that need a state (a document, an ad, a request in progress, a signed-in
 * desk), as Vike's folders name them: the specs visit each in their own way.
 */
export const STATE_ROUTES = [
  '/document/@key',
  '/document/@key/versions',
  '/document/@key/versions/@date',
  '/document/@key/versions/@date/changes',
  '/political-ads/@id',
  '/privacy-rights/direct-marketing/communication-types',
  '/privacy-rights/processed',
  '/verify-email',
  // A one-click unsubscribe link's page (at /u/…); preferences.spec.ts measures it at 320 px (it needs a key).
  '/unsubscribe',
  '/internal-privacy-rights/direct-marketing',
  '/internal-privacy-rights/processed',
  '/internal-privacy-rights/requests',
  '/internal-privacy-rights/requests/@reference',
  '/internal-privacy-rights/complaints',
  '/internal-privacy-rights/complaints/@reference',
  '/internal-privacy-rights/figures',
  '/internal-privacy-rights/sign-in',
]

/**
 * Every document a site serves in one locale: its own texts and those spec §4's fallback takes from another
 * locale (the Belgian site shows the Dutch site's Kidsweek policy, the English overlay the Dutch texts).
 */
export const documents = (locale: Locale) =>
  DOCUMENT_KEYS.filter((key) =>
    fallbackChain(locale).some((from) => existsSync(resolve(CONTENT, 'documents', from, `${key}.md`))),
  ).map((key) => `/document/${key}`)

/**
 * Issue 29: the history pages of every document a locale shows that has earlier versions: its list of
 * versions, each earlier version, and the current version's comparison with the one before it.
 */
export const histories = (locale: Locale) =>
  DOCUMENT_KEYS.flatMap((key) => {
    const from = fallbackChain(locale).find((candidate) =>
      existsSync(resolve(CONTENT, 'documents', candidate, `${key}.md`)),
    )
    const folder = from ? resolve(CONTENT, 'documents', from, 'history', key) : ''
    if (!from || !existsSync(folder)) return []
    const text = readFileSync(resolve(CONTENT, 'documents', from, `${key}.md`), 'utf8')
    const current = /^updated: (\S+)$/m.exec(text)?.[1] ?? ''
    const earlier = readdirSync(folder).map((file) => file.replace(/\.md$/, ''))
    return [
      `/document/${key}/versions`,
      ...earlier.map((date) => `/document/${key}/versions/${date}`),
      `/document/${key}/versions/${current}/changes`,
    ]
  })

/** Every ad of a site, from the sample campaigns the local sites load. */
export const ads = (country: 'nl' | 'be') =>
  (
    JSON.parse(readFileSync(resolve(CONTENT, 'campaigns', `${country}.json`), 'utf8')) as {
      campaignItems: { id: string }[]
    }
  ).campaignItems.map((item) => `/political-ads/${item.id}`)

/**
 * The route pattern of every folder under `pages/` that holds a page (`+Page.tsx`), as Vike names it
 * (`/document/@key`); the error page, which shows for /not-found and every unknown path, left out.
 */
export function pageRoutes(): string[] {
  return readdirSync(PAGES, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith(`${sep}+Page.tsx`) || path === '+Page.tsx')
    .map((path) =>
      relative(PAGES, resolve(PAGES, path, '..'))
        .split(sep)
        .join('/'),
    )
    .map((folder) => `/${folder}`.replace(/\/index$/, '').replace(/^\/$/, ''))
    .filter((route) => route !== '/_error')
}

/** The page folders' routes that none of the lists above names: a new page, which no spec visits yet. */
export function unlistedPages(): string[] {
  const listed = new Set([
    ...ROUTES.map((route) => route.replace(/\?.*$/, '')),
    ...BELGIAN_ROUTES,
    ...STATE_ROUTES,
  ])
  return pageRoutes().filter((route) => !listed.has(route))
}
