import type { Config } from 'vike/types'

export default {
  title: 'verification.expired.title',
  phrases: ['verification.expired'],
} satisfies Config
