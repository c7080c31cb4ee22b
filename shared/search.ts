import type { JSONSchemaType } from 'ajv'
import { type Language, type LocaleQuery, localeQuerySchema } from './locale'

/** Spec §9: a search is at most 100 characters. */
export const SEARCH_MAX = 100

/** `GET /api/search?q=&locale=`: what was typed (none: no results), in the visitor's locale. */
export interface SearchQuery extends LocaleQuery {
  q?: string
}
export const searchQuerySchema: JSONSchemaType<SearchQuery> = {
  type: 'object',
  required: ['locale'],
  properties: {
    q: { type: 'string', maxLength: SEARCH_MAX, nullable: true },
    locale: localeQuerySchema.properties.locale,
  },
}
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
  /**
   * The language of the title and snippet: the visitor's, or (after them in the list) that of a fallback, such
   * as a document the French site has only in Dutch. The page marks such a result with `lang` and a label.
   */
  lang: Language
  snippet: SnippetPart[]
}
