/** Spec §9: a search is at most 100 characters. */
export const SEARCH_MAX = 100
/** Spec §4: typing updates the results after 500 ms without a keystroke. */
export const SEARCH_DEBOUNCE_MS = 500

export interface SnippetPart {
  text: string
  /** A matched term, shown highlighted. */
  match: boolean
}

export interface SearchResult {
  kind: 'document' | 'phone' | 'page'
  title: string
  url: string
  snippet: SnippetPart[]
}
