import type { Config } from 'vike/types'

export default {
  title: 'search.title',
  description: 'search.description',
  phrases: ['search'],
  hydrate: true,
} satisfies Config
