import type { Config } from 'vike/types'

export default {
  title: 'figures.title',
  description: 'figures.description',
  phrases: ['figures'],
  // Issue 29: the figures come from the database and are computed at most hourly (server/services/figures.ts):
  // a rendered copy is served 5 minutes at most.
  pageCache: { maxAgeSeconds: 300 },
} satisfies Config
