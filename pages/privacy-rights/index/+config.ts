import type { Config } from 'vike/types'

export default {
  title: 'privacy_rights.overview.title',
  description: 'privacy_rights.overview.description',
  phrases: ['privacy_rights.overview'],
} satisfies Config
