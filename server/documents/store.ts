import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { canonicalDocumentKey, DOCUMENT_KEYS, documentTitleKey } from '#shared/documents.ts'
import { fallbackChain, type Locale, parseLocale } from '#shared/locale.ts'
import { type ParsedDocument, parseDocument } from './markdown'

export interface LegalDocument extends ParsedDocument {
  key: string
  /** The locale whose text this is (after fallback it may differ from the one asked for). */
  locale: Locale
  etag: string
}

/** Spec §3 'Document entry': key and display-title key, plus the title in the locale. */
export interface DocumentEntry {
  key: string
  titleKey: string
  title: string
}

export interface DocumentStore {
  /** The document for a key (either spelling) in a locale, following spec §4's fallback; null if none. */
  get(key: string, locale: Locale): LegalDocument | null
  /** Every document a locale can show, memoized. */
  list(locale: Locale): DocumentEntry[]
  /** Documents stored per locale folder, for operators and the closing note. */
  counts(): Record<string, number>
}

/**
 * Loads every `content/documents/{locale}/{key}.md` once, at start-up. A file whose name is not a document
 * key, or that breaks the format, stops the start with a message naming it.
 */
export function loadDocuments(folder: string): DocumentStore {
  const byLocale = new Map<Locale, Map<string, LegalDocument>>()
  for (const name of existsSync(folder) ? readdirSync(folder) : []) {
    const parsed = parseLocale(name)
    if (!parsed) throw new Error(`${join(folder, name)}: not a locale folder (nl_nl, nl_be, fr_be, …)`)
    const locale = name as Locale
    const documents = new Map<string, LegalDocument>()
    for (const file of readdirSync(join(folder, name)).filter((f) => f.endsWith('.md'))) {
      const key = file.slice(0, -3)
      const path = join(folder, name, file)
      if (!DOCUMENT_KEYS.includes(key)) throw new Error(`${path}: ${key} is not a document key of spec §2`)
      const document = parseDocument(readFileSync(path, 'utf8'), path)
      const etag = `"${createHash('sha256').update(document.html).digest('base64url').slice(0, 27)}"`
      documents.set(key, { key, locale, ...document, etag })
    }
    byLocale.set(locale, documents)
  }

  const get = (key: string, locale: Locale): LegalDocument | null => {
    const canonical = canonicalDocumentKey(key)
    if (!canonical) return null
    for (const candidate of fallbackChain(locale)) {
      const document = byLocale.get(candidate)?.get(canonical)
      if (document) return document
    }
    return null
  }

  const lists = new Map<Locale, DocumentEntry[]>()
  return {
    get,
    list(locale) {
      let list = lists.get(locale)
      if (!list) {
        list = DOCUMENT_KEYS.flatMap((key) => {
          const document = get(key, locale)
          return document ? [{ key, titleKey: documentTitleKey(key), title: document.title }] : []
        })
        lists.set(locale, list)
      }
      return list
    },
    counts() {
      return Object.fromEntries([...byLocale].map(([locale, documents]) => [locale, documents.size]))
    },
  }
}
