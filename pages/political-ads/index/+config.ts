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
  // 19): never kept, so the list and a notice show the database as it is (docs/decisions/006).
  pageCache: false,
} satisfies Config
