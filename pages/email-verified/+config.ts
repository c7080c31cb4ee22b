import type { Config } from 'vike/types'

export default {
  title: 'verification.verified.title',
  phrases: ['verification.verified', 'verification.home'],
} satisfies Config
