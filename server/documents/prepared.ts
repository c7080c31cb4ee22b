import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { LegalDocument } from '#shared/documents.ts'
import type { Locale } from '#shared/locale.ts'
import { type DocumentsByLocale, readDocuments } from './store'

/**
 * Issue 30: the documents as the build parsed them (Markdown to sanitized HTML, headings, blocks), written by
 * scripts/check-content.ts beside the content stamp. A production start whose content is what the build
 * stamped reads them here instead of parsing every file and version again; otherwise it parses as ever.
 */
export const PREPARED_DOCUMENTS = 'dist/documents-prepared.json'

/** Writes the parsed documents of `root`'s content/documents; nothing when a file has a problem. */
export function writePreparedDocuments(root: string): void {
  const { byLocale, problems } = readDocuments(join(root, 'content/documents'))
  if (problems.length > 0) return
  const entries = [...byLocale].map(([locale, documents]) => [locale, [...documents]])
  writeFileSync(join(root, PREPARED_DOCUMENTS), JSON.stringify(entries))
}

/** The documents the build parsed, or null when there is no readable file of them. */
export function readPreparedDocuments(root: string): DocumentsByLocale | null {
  try {
    const entries = JSON.parse(readFileSync(join(root, PREPARED_DOCUMENTS), 'utf8')) as [
      Locale,
      [string, LegalDocument[]][],
    ][]
    return new Map(entries.map(([locale, documents]) => [locale, new Map(documents)]))
  } catch {
    return null
  }
}
