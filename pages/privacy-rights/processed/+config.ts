import type { Config } from 'vike/types'

export default {
  title: 'privacy_rights.processed.title',
  phrases: ['privacy_rights.processed'],
  hydrate: true,
} satisfies Config
