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
  // A notice comes from the database, which an import in another process changes (issue 19); the query
  // string is the list's filters, for the way back.
  pageCache: { maxAgeSeconds: 5, perQuery: true },
} satisfies Config
