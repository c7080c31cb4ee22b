import type { Config } from 'vike/types'

export default {
  title: 'search.title',
  description: 'search.description',
  phrases: ['search'],
  hydrate: true,
  // The indexes are built at start-up: a result page is kept per query, briefly (issue 19).
  pageCache: { perQuery: true },
} satisfies Config
