import type { Config } from 'vike/types'

export default {
  title: 'privacy_rights.push.title',
  phrases: ['privacy_rights.push'],
} satisfies Config
