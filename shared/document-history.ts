/**
 * Issue 29: every version of every legal document. A document's content file is its current version; its
 * earlier versions are files of their own (`content/documents/{locale}/history/{key}/{date}.md`). Each has the
 * date it took effect and a one-line summary of what it changed, in its own language.
 */

/** A version's permanent address segment: the date it took effect. */
export const VERSION_DATE = /^\d{4}-\d{2}-\d{2}$/

/** One version of a document, as its history lists it (newest first). */
export interface DocumentVersionEntry {
  /** The date it took effect (yyyy-mm-dd): its permanent address. */
  date: string
  summary: string
  title: string
  /** The version in force now. */
  current: boolean
  /** The date of the version before it, when there is one: its comparison compares with that. */
  previous: string | null
}

/** What a reader compares: a heading, a paragraph, a list item, a table row, a quoted paragraph. */
export type BlockKind = 'h2' | 'h3' | 'p' | 'li' | 'row' | 'quote'
export interface TextBlock {
  kind: BlockKind
  text: string
}

/** A run of text in a comparison: the same in both versions, added by the newer one, or removed by it. */
export interface Segment {
  text: string
  change: 'same' | 'added' | 'removed'
}

/** A block of the comparison: unchanged, wholly added or removed, or changed sentence by sentence. */
export interface ComparedBlock {
  kind: BlockKind
  change: 'same' | 'added' | 'removed' | 'changed'
  segments: Segment[]
}

/** The logical path of a document's history, of one version, or of its comparison with the one before. */
export function historyPath(key: string, date?: string, changes = false): string {
  const base = `/document/${key}/versions`
  if (!date) return base
  return changes ? `${base}/${date}/changes` : `${base}/${date}`
}
