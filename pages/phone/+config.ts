import type { Config } from 'vike/types'

export default {
  title: 'phone.title',
  description: 'phone.description',
  phrases: ['phone', 'search.no_results'],
} satisfies Config
