import type { Config } from 'vike/types'

export default {
  title: 'unsubscribe.title',
  phrases: ['unsubscribe'],
  // The address is personal and the link is its key: rendered for every visit, never kept.
  pageCache: false,
  breadcrumbs: false,
} satisfies Config
