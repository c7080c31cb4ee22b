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
  hydrate: true,
  // Notices change by import (another process), withdrawal, complaint outcomes and retention (issues 18,
  // 19): a kept copy is served 5 seconds at most, and dropped at once when this instance changes a notice
  // (docs/decisions/006); the filters in the query are public.
  pageCache: { maxAgeSeconds: 5, perQuery: true, tag: 'notices' },
} satisfies Config
