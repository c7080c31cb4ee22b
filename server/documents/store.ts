import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { type ComparedBlock, type DocumentVersionEntry, VERSION_DATE } from '#shared/document-history.ts'
import {
  canonicalDocumentKey,
  DOCUMENT_KEYS,
  documentTitleKey,
  type LegalDocument,
} from '#shared/documents.ts'
import { fallbackChain, type Locale, parseLocale } from '#shared/locale.ts'
import { compareVersions } from './compare'
import { parseDocument } from './markdown'

export type { LegalDocument }

/** Spec §3 'Document entry': key and display-title key, plus the title in the locale. */
export interface DocumentEntry {
  key: string
  titleKey: string
  title: string
}

/** Issue 29: one change of one document, as the Atom feed of a language lists it. */
export interface DocumentChange {
  key: string
  /** The locale whose text it is (a fallback's, on /en). */
  locale: Locale
  date: string
  title: string
  summary: string
  /** The version before it; null for a document's first version. */
  previous: string | null
}

export interface DocumentStore {
  /** The current document for a key (either spelling) in a locale, following spec §4's fallback; null if none. */
  get(key: string, locale: Locale): LegalDocument | null
  /** Every document a locale can show, memoized. */
  list(locale: Locale): DocumentEntry[]
  /** Documents stored per locale folder, for operators and the closing note. */
  counts(): Record<string, number>
  /** Issue 29: every version of the document a locale shows, newest first; null for no such document. */
  history(key: string, locale: Locale): DocumentVersionEntry[] | null
  /** Issue 29: the version that took effect on `date` (the current one included); null when none did. */
  version(key: string, locale: Locale, date: string): LegalDocument | null
  /** Issue 29: that version compared with the one before it; null without a version before it. */
  compare(key: string, locale: Locale, date: string): ComparedBlock[] | null
  /** Issue 29: every change of every document a locale shows, newest first (the Atom feed). */
  changes(locale: Locale): DocumentChange[]
}

/** Every locale's documents by key, each with its versions (newest first). */
export type DocumentsByLocale = Map<Locale, Map<string, LegalDocument[]>>

/** Where a locale keeps the earlier versions of its documents: `history/{key}/{yyyy-mm-dd}.md`. */
const HISTORY = 'history'

/**
 * Every problem of `content/documents`, one line each naming the file: a file whose name is not a document key,
 * that breaks the format, or an earlier version that does not fit its document's history. `npm run build`
 * (scripts/check-content.ts) and every start check them.
 */
export function documentProblems(folder: string): string[] {
  return readDocuments(folder).problems
}

/**
 * Loads every `content/documents/{locale}/{key}.md` and its earlier versions once, at start-up. A file that
 * breaks the rules stops the start with a message naming it. Issue 30: `prepared` are the documents as the build
 * parsed them (server/documents/prepared.ts), given when the content is as the build found it.
 */
export function loadDocuments(folder: string, prepared: DocumentsByLocale | null = null): DocumentStore {
  const { byLocale, problems } = prepared ? { byLocale: prepared, problems: [] } : readDocuments(folder)
  if (problems.length > 0) throw new Error(problems.join('\n'))

  /** The versions (newest first, current first of all) of a key in the locale that holds its text. */
  const versionsOf = (key: string, locale: Locale): LegalDocument[] | null => {
    const canonical = canonicalDocumentKey(key)
    if (!canonical) return null
    for (const candidate of fallbackChain(locale)) {
      const versions = byLocale.get(candidate)?.get(canonical)
      if (versions) return versions
    }
    return null
  }
  const get = (key: string, locale: Locale): LegalDocument | null => versionsOf(key, locale)?.[0] ?? null

  const lists = new Map<Locale, DocumentEntry[]>()
  const feeds = new Map<Locale, DocumentChange[]>()
  const comparisons = new Map<string, ComparedBlock[] | null>()
  const history = (key: string, locale: Locale) =>
    versionsOf(key, locale)?.map(
      (version, index, all): DocumentVersionEntry => ({
        date: version.updated,
        summary: version.summary,
        title: version.title,
        current: index === 0,
        previous: all[index + 1]?.updated ?? null,
      }),
    ) ?? null
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
    history,
    version(key, locale, date) {
      return versionsOf(key, locale)?.find((version) => version.updated === date) ?? null
    },
    compare(key, locale, date) {
      const versions = versionsOf(key, locale)
      const at = versions?.findIndex((version) => version.updated === date) ?? -1
      const newer = versions?.[at]
      const older = versions?.[at + 1]
      if (!newer || !older) return null
      // Documents are loaded once: each comparison is made once, when first asked for.
      const id = `${newer.locale}|${newer.key}|${date}`
      if (!comparisons.has(id)) comparisons.set(id, compareVersions(older.blocks, newer.blocks))
      return comparisons.get(id) ?? null
    },
    changes(locale) {
      let feed = feeds.get(locale)
      if (!feed) {
        feed = DOCUMENT_KEYS.flatMap((key) =>
          (history(key, locale) ?? []).map((entry) => ({
            key,
            locale: get(key, locale)?.locale ?? locale,
            date: entry.date,
            title: entry.title,
            summary: entry.summary,
            previous: entry.previous,
          })),
        ).sort((a, b) => b.date.localeCompare(a.date) || a.key.localeCompare(b.key))
        feeds.set(locale, feed)
      }
      return feed
    },
  }
}

/** Every document of `folder` and its earlier versions, parsed, and the problems found. */
export function readDocuments(folder: string) {
  const byLocale = new Map<Locale, Map<string, LegalDocument[]>>()
  const problems: string[] = []
  const parse = (path: string, key: string, locale: Locale): LegalDocument | null => {
    try {
      const document = parseDocument(readFileSync(path, 'utf8'), path)
      const etag = `"${createHash('sha256').update(document.html).digest('base64url').slice(0, 27)}"`
      return { key, locale, ...document, etag }
    } catch (error) {
      problems.push((error as Error).message)
      return null
    }
  }
  for (const name of existsSync(folder) ? readdirSync(folder) : []) {
    if (!parseLocale(name)) {
      problems.push(`${join(folder, name)}: not a locale folder (nl_nl, nl_be, fr_be, …)`)
      continue
    }
    const locale = name as Locale
    const documents = new Map<string, LegalDocument[]>()
    for (const file of readdirSync(join(folder, name)).filter((f) => f.endsWith('.md'))) {
      const key = file.slice(0, -3)
      const path = join(folder, name, file)
      if (!DOCUMENT_KEYS.includes(key)) {
        problems.push(`${path}: ${key} is not a document key of spec §2`)
        continue
      }
      const document = parse(path, key, locale)
      if (document) documents.set(key, [document])
    }
    const historyFolder = join(folder, name, HISTORY)
    for (const key of existsSync(historyFolder) ? readdirSync(historyFolder) : []) {
      const current = documents.get(key)
      const keyFolder = join(historyFolder, key)
      if (!current || !statSync(keyFolder).isDirectory()) {
        problems.push(`${keyFolder}: earlier versions of ${key}, which has no current file in ${name}`)
        continue
      }
      const newest = current[0] as LegalDocument
      for (const file of readdirSync(keyFolder).sort().reverse()) {
        const path = join(keyFolder, file)
        const date = file.replace(/\.md$/, '')
        if (!file.endsWith('.md') || !VERSION_DATE.test(date) || Number.isNaN(Date.parse(date))) {
          problems.push(`${path}: an earlier version is named by the date it took effect: yyyy-mm-dd.md`)
          continue
        }
        const version = parse(path, key, locale)
        if (!version) continue
        if (version.updated !== date)
          problems.push(`${path}: updated: ${version.updated} is not the date in its name (${date})`)
        else if (date >= newest.updated)
          problems.push(
            `${path}: an earlier version must take effect before the current one (${newest.updated})`,
          )
        else current.push(version)
      }
    }
    byLocale.set(locale, documents)
  }
  return { byLocale, problems }
}
