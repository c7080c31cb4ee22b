import type { Config } from 'vike/types'

export default {
  phrases: ['errors', 'staff.header'],
  breadcrumbs: false,
} satisfies Config
