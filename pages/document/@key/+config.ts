import type { Config } from 'vike/types'

export default {
  phrases: ['document'],
} satisfies Config
