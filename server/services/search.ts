import MiniSearch from 'minisearch'
import be from '#content/phone/be.json' with { type: 'json' }
import nl from '#content/phone/nl.json' with { type: 'json' }
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import { LANGUAGES, type Locale } from '#shared/locale.ts'
import { localizedPath } from '#shared/routing.ts'
import type { SearchResult, SnippetPart } from '#shared/search.ts'
import { COUNTRIES, type Country } from '#shared/site.ts'
import type { DocumentStore } from '../documents/store'

interface Entry {
  id: string
  kind: SearchResult['kind']
  title: string
  headings: string
  text: string
  path: string
}

/** The site's own pages that a search can lead to, with the phrase keys of their title and summary. */
const PAGES = [
  { path: '/', title: 'home.title', text: 'home.intro' },
  { path: '/about', title: 'about.title', text: 'about.intro' },
  { path: '/privacy-rights', title: 'privacy_rights.overview.title', text: 'privacy_rights.overview.intro' },
  {
    path: '/privacy-rights/direct-marketing/brands',
    title: 'privacy_rights.overview.direct_marketing.title',
    text: 'privacy_rights.overview.direct_marketing.text',
  },
  {
    path: '/privacy-rights/access',
    title: 'privacy_rights.overview.access.title',
    text: 'privacy_rights.overview.access.text',
  },
  {
    path: '/privacy-rights/rectification',
    title: 'privacy_rights.overview.rectification.title',
    text: 'privacy_rights.overview.rectification.text',
  },
  {
    path: '/privacy-rights/forgotten-overview',
    title: 'privacy_rights.overview.forgotten.title',
    text: 'privacy_rights.overview.forgotten.text',
  },
  {
    path: '/privacy-rights/push-notifications',
    title: 'privacy_rights.push.title',
    text: 'privacy_rights.push.intro',
  },
  { path: '/phone', title: 'phone.title', text: 'phone.description' },
] as const

const PHONE: Record<Country, { brandName: string; phoneNumber: string }[]> = {
  NL: nl.entries,
  BE: be.entries,
}

export interface SearchService {
  search(query: string, locale: Locale, limit?: number): { total: number; results: SearchResult[] }
  /** Rough size of the indexes, for operators (JSON length of the serialised indexes). */
  indexBytes(): number
}

/**
 * Full-text search over the documents (titles, headings, text), the phone brands and the site's pages,
 * per locale, with prefix and fuzzy matching (MiniSearch). The indexes are built once, at start-up.
 */
export function createSearchService(documents: DocumentStore): SearchService {
  const indexes = new Map<Locale, { index: MiniSearch<Entry>; entries: Map<string, Entry> }>()
  for (const lang of LANGUAGES) {
    for (const country of COUNTRIES) {
      const locale = `${lang}_${country.toLowerCase()}` as Locale
      const t = serverTranslate(locale)
      const entries: Entry[] = []
      for (const { key } of documents.list(locale)) {
        const document = documents.get(key, locale)
        if (!document) continue
        entries.push({
          id: `document:${key}`,
          kind: 'document',
          title: document.title,
          headings: document.headings.map((h) => h.text).join(' · '),
          text: plainText(document.html),
          path: localizedPath(lang, `/document/${key}`),
        })
      }
      for (const entry of PHONE[country]) {
        entries.push({
          id: `phone:${entry.brandName}`,
          kind: 'phone',
          title: entry.brandName,
          headings: '',
          text: `${t('phone.heading')}: ${entry.brandName} ${entry.phoneNumber}`,
          path: localizedPath(lang, '/phone'),
        })
      }
      for (const page of PAGES) {
        entries.push({
          id: `page:${page.path}`,
          kind: 'page',
          title: t(page.title),
          headings: '',
          text: t(page.text),
          path: localizedPath(lang, page.path),
        })
      }
      const index = new MiniSearch<Entry>({
        fields: ['title', 'headings', 'text'],
        storeFields: [],
        searchOptions: { boost: { title: 3, headings: 2 }, prefix: true, fuzzy: 0.2, combineWith: 'AND' },
      })
      index.addAll(entries)
      indexes.set(locale, { index, entries: new Map(entries.map((entry) => [entry.id, entry])) })
    }
  }

  return {
    search(query, locale, limit = 20) {
      const found = indexes.get(locale)
      const q = query.trim().slice(0, 100)
      if (!found || !q) return { total: 0, results: [] }
      const hits = found.index.search(q)
      const results = hits.slice(0, limit).map((hit) => {
        const entry = found.entries.get(String(hit.id)) as Entry
        return {
          kind: entry.kind,
          title: entry.title,
          url: entry.path,
          snippet: snippet(entry.text, hit.terms),
        }
      })
      return { total: hits.length, results }
    },
    indexBytes() {
      let bytes = 0
      for (const { index } of indexes.values()) bytes += JSON.stringify(index).length
      return bytes
    },
  }
}

function plainText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
}

/** About 160 characters around the first matched term, with every matched term marked. */
export function snippet(text: string, terms: string[], width = 160): SnippetPart[] {
  const lower = text.toLowerCase()
  const positions = terms.map((term) => lower.indexOf(term.toLowerCase())).filter((i) => i >= 0)
  const first = positions.length > 0 ? Math.min(...positions) : 0
  const start = Math.max(0, first - Math.floor(width / 3))
  const end = Math.min(text.length, start + width)
  const piece = `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`
  const pattern = terms.length > 0 ? new RegExp(`(${terms.map(escapeRegExp).join('|')})`, 'gi') : null
  if (!pattern) return [{ text: piece, match: false }]
  return piece
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, match: terms.some((term) => term.toLowerCase() === part.toLowerCase()) }))
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
