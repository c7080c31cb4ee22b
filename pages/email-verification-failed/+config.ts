import type { Config } from 'vike/types'

export default {
  title: 'verification.failed.title',
  phrases: ['verification.failed', 'verification.home'],
} satisfies Config
