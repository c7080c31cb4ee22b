import type { Config } from 'vike/types'

export default {
  title: 'verification.confirm.title',
  phrases: ['verification.confirm'],
  // The link's token is personal and is used up by the confirmation: rendered for every visit.
  pageCache: false,
  personalLink: true,
} satisfies Config
