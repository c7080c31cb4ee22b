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
    'forms.error_title',
  ],
  hydrate: true,
  // A notice changes by import (another process), withdrawal, a complaint's outcome and retention (issues
  // 18, 19): a kept copy is served 5 seconds at most, and dropped at once when this instance changes a notice
  // (docs/decisions/006); the query is the list's filters.
  pageCache: { maxAgeSeconds: 5, perQuery: true, tag: 'notices' },
} satisfies Config
