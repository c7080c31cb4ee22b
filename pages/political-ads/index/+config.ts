import type { Config } from 'vike/types'

export default {
  title: 'political_ads.list.title',
  description: 'political_ads.list.description',
  phrases: [
    'political_ads.menu',
    'political_ads.list',
    'political_ads.status',
    'political_ads.channels',
    'political_ads.periods',
  ],
  // Notices come from the database, which an import in another process changes (issue 19); the filters
  // in the query string are public.
  pageCache: { maxAgeSeconds: 5, perQuery: true },
} satisfies Config
