import type { Config } from 'vike/types'

export default {
  title: 'privacy_rights.forgotten_overview.title',
  phrases: ['privacy_rights.forgotten_overview'],
} satisfies Config
