import MiniSearch from 'minisearch'
import be from '#content/phone/be.json' with { type: 'json' }
import nl from '#content/phone/nl.json' with { type: 'json' }
import { ownPhrasesOf, serverTranslate } from '#shared/i18n/catalog.server.ts'
import type { PhraseKey } from '#shared/i18n/translate.ts'
import { fallbackChain, LANGUAGES, type Language, type Locale } from '#shared/locale.ts'
import { localizedPath } from '#shared/routing.ts'
import type { SearchResult } from '#shared/search.ts'
import { COUNTRIES, type Country } from '#shared/site.ts'
import type { DocumentStore } from '../documents/store'
import { snippet } from './search-snippet'

interface Entry {
  id: string
  kind: SearchResult['kind']
  title: string
  headings: string
  text: string
  path: string
  /** The language the entry's text is in: the locale's own, or a fallback's (spec §4) where it has none. */
  lang: Language
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
  /**
   * Builds every locale's index now (after listening), so no visitor's search waits for one: a few entries at
   * a time, so the pages asked for meanwhile (a restarted instance's first visitors) are not held up.
   */
  warm(): Promise<void>
}

/**
 * Full-text search over the documents (titles, headings, text), the phone brands and the site's pages,
 * per locale, with prefix and fuzzy matching (MiniSearch). A locale's index is built when it is first needed
 * (its first search, or `warm()`, which the server calls once it listens): a start does not wait for them.
 */
export function createSearchService(documents: DocumentStore): SearchService {
  const indexes = new Map<Locale, { index: MiniSearch<Entry>; entries: Map<string, Entry> }>()
  const phraseLanguage = phraseLanguages()
  const locales = LANGUAGES.flatMap((lang) =>
    COUNTRIES.map((country) => ({ lang, country, locale: `${lang}_${country.toLowerCase()}` as Locale })),
  )
  const entriesFor = (locale: Locale) => {
    const at = locales.find((candidate) => candidate.locale === locale)
    return at && entriesOf(documents, locale, at.lang, at.country, phraseLanguage)
  }
  const keep = (locale: Locale, index: MiniSearch<Entry>, entries: Entry[]) => {
    const built = { index, entries: new Map(entries.map((entry) => [entry.id, entry])) }
    indexes.set(locale, built)
    return built
  }
  const indexOf = (locale: Locale) => {
    const known = indexes.get(locale)
    if (known) return known
    const entries = entriesFor(locale)
    if (!entries) return undefined
    const index = emptyIndex()
    index.addAll(entries)
    return keep(locale, index, entries)
  }

  return {
    search(query, locale, limit = 20) {
      const found = indexOf(locale)
      const q = query.trim().slice(0, 100)
      if (!found || !q) return { total: 0, results: [] }
      const hits = found.index.search(q).map((hit) => ({
        entry: found.entries.get(String(hit.id)) as Entry,
        terms: hit.terms,
      }))
      // Issue 20: what is written in the visitor's language comes first, best match first; what the locale
      // only has in a fallback language (a Dutch document on the French site) follows.
      const lang = locale.slice(0, 2)
      const ranked = [
        ...hits.filter((hit) => hit.entry.lang === lang),
        ...hits.filter((hit) => hit.entry.lang !== lang),
      ]
      const results = ranked.slice(0, limit).map(({ entry, terms }) => ({
        kind: entry.kind,
        title: entry.title,
        url: entry.path,
        lang: entry.lang,
        snippet: snippet(entry.text, terms),
      }))
      return { total: hits.length, results }
    },
    indexBytes() {
      let bytes = 0
      for (const { locale } of locales) bytes += JSON.stringify(indexOf(locale)?.index).length
      return bytes
    },
    async warm() {
      for (const { locale } of locales) {
        await new Promise((resume) => setImmediate(resume))
        const entries = indexes.has(locale) ? undefined : entriesFor(locale)
        if (!entries) continue
        const index = emptyIndex()
        await index.addAllAsync(entries, { chunkSize: WARM_CHUNK })
        // A search for this locale meanwhile built it at once: that one stays.
        if (!indexes.has(locale)) keep(locale, index, entries)
      }
    },
  }
}

/** Entries indexed between two turns of the event loop while `warm()` builds the indexes. */
const WARM_CHUNK = 20

function emptyIndex() {
  return new MiniSearch<Entry>({
    fields: ['title', 'headings', 'text'],
    storeFields: [],
    searchOptions: { boost: { title: 3, headings: 2 }, prefix: true, fuzzy: 0.2, combineWith: 'AND' },
  })
}

/** What a locale's search finds: its documents, the brands' phone numbers and the site's pages. */
function entriesOf(
  documents: DocumentStore,
  locale: Locale,
  lang: Language,
  country: Country,
  phraseLanguage: ReturnType<typeof phraseLanguages>,
): Entry[] {
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
      lang: document.locale.slice(0, 2) as Language,
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
      lang: phraseLanguage(locale, 'phone.heading'),
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
      lang: phraseLanguage(locale, page.text),
    })
  }
  return entries
}

/**
 * The language a locale shows a phrase in: its own where its phrase file has the phrase, else that of the
 * first locale of its fallback chain (spec §4) that has it (the English overlay falls back to Dutch).
 */
function phraseLanguages(): (locale: Locale, key: PhraseKey) => Language {
  const own = new Map<Locale, Record<string, string>>()
  const phrasesOf = (locale: Locale) => {
    let phrases = own.get(locale)
    if (!phrases) {
      phrases = ownPhrasesOf(locale)
      own.set(locale, phrases)
    }
    return phrases
  }
  return (locale, key) => {
    const from = fallbackChain(locale).find((candidate) => key in phrasesOf(candidate)) ?? locale
    return from.slice(0, 2) as Language
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
