import type { Config } from 'vike/types'

export default {
  title: 'political_ads.detail.title',
  phrases: [
    'political_ads.menu',
    'political_ads.detail',
    'political_ads.status',
    'political_ads.channels',
    'political_ads.funding',
    'political_ads.reasons',
    'political_ads.processes',
    'political_ads.complaint',
    'validation',
    'contact.email_validation_failure',
  ],
  hydrate: true,
  // Notices change by import (another process), withdrawal, complaint outcomes and retention (issues 18,
  // 19): never kept, so the list and a notice show the database as it is (docs/decisions/006).
  pageCache: false,
} satisfies Config
