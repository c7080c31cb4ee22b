import { legacyTarget } from './legacy-documents'
import { DEFAULT_LANGUAGE, isLanguage, type Language, type Locale, toLocale } from './locale'
import type { RedirectRule } from './redirects'
import type { Site } from './site'

export type LanguageRoute =
  | { kind: 'page'; lang: Language; urlLogical: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'not-found' }

/**
 * Spec §2: the first path segment must be exactly nl, fr or en. A path that starts with no language
 * prefix is redirected to the same path under /nl, query string kept. A first segment that looks like a
 * language code (two letters) but is not one of ours is a wrong prefix: the route does not match.
 */
export function routeLanguage(urlOriginal: string): LanguageRoute {
  const [pathname, rest] = splitQuery(urlOriginal)
  const first = pathname.split('/')[1] ?? ''
  if (isLanguage(first)) {
    const logical = pathname.slice(first.length + 1)
    return { kind: 'page', lang: first, urlLogical: `${logical || '/'}${rest}` }
  }
  if (/^[a-z]{2}$/i.test(first)) return { kind: 'not-found' }
  const path = pathname === '/' ? '' : pathname
  const query = rest.split('#')[0] ?? ''
  return { kind: 'redirect', to: `/${DEFAULT_LANGUAGE}${path}${query}` }
}

/** A logical path (without prefix) under a language: `/` becomes `/nl`, `/phone` becomes `/nl/phone`. */
export function localizedPath(lang: Language, logicalPath: string): string {
  return logicalPath === '/' || logicalPath === '' ? `/${lang}` : `/${lang}${logicalPath}`
}

/** The redirect rules the server follows before routing, first match wins. */
export function redirectRules(site: Site, settings: RenderSettings | undefined): RedirectRule[] {
  return [languagePrefixRule, tidyPathRule, legacyDocumentRule(site, settings?.corporateSiteUrl ?? '')]
}

const languagePrefixRule: RedirectRule = {
  permanent: false,
  apply(url) {
    const route = routeLanguage(url)
    return route.kind === 'redirect' ? route.to : null
  },
}

/** `/nl/about/` and `/nl//about` become `/nl/about` (one form per page, so canonical links hold). */
const tidyPathRule: RedirectRule = {
  permanent: true,
  apply(url) {
    const [path = '/', query] = splitQuery(url)
    const tidy = path.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1')
    return tidy === path ? null : tidy + query
  },
}

/** Spec §2 'Legacy document paths', for both `/{lang}/{old}` and `/{lang}/document/{old}`. */
function legacyDocumentRule(site: Site, corporateSiteUrl: string): RedirectRule {
  return {
    permanent: true,
    apply(url) {
      const [path, query] = splitQuery(url)
      const match = /^\/(nl|fr|en)\/(?:document\/)?([a-z0-9-]+)$/.exec(path)
      if (!match?.[1] || !match[2]) return null
      const target = legacyTarget(match[2], match[1] as Language, site.country, corporateSiteUrl)
      if (!target) return null
      // The query string travels along; a fragment stays in the browser anyway.
      return target + (query.split('#')[0] ?? '')
    },
  }
}

/** `/a/b?x=1#y` → [`/a/b`, `?x=1#y`]. */
function splitQuery(url: string): [string, string] {
  const index = url.search(/[?#]/)
  return index === -1 ? [url, ''] : [url.slice(0, index), url.slice(index)]
}

export interface LanguageContext {
  lang: Language
  locale: Locale
  urlLogical: string
  logicalPath: string
  search: string
}

/**
 * The language part of the page context, from the original URL. A wrong prefix keeps the whole path as
 * the logical URL: no route matches it, so the page is a 404.
 */
export function languageContext(urlOriginal: string, site: Site): LanguageContext {
  const route = routeLanguage(urlOriginal)
  const lang = route.kind === 'page' ? route.lang : DEFAULT_LANGUAGE
  const urlLogical = route.kind === 'page' ? route.urlLogical : urlOriginal
  const [logicalPath, rest] = splitQuery(urlLogical)
  const search = rest.split('#')[0] ?? ''
  return { lang, locale: toLocale(lang, site.country), urlLogical, logicalPath, search }
}
