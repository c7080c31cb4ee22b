import type { Config } from 'vike/types'

// Issue 29: a document's history, its versions and their comparisons (beside the document page's phrases).
// Documents are loaded at start-up: a page is kept while the process runs (no `pageCache` setting), as
// docs/decisions/006 allows.
export default {
  phrases: ['document_history'],
} satisfies Config
