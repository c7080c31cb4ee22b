import type { Config } from 'vike/types'

export default {
  phrases: ['errors', 'staff.header'],
  breadcrumbs: false,
  passToClient: ['is404', 'abortReason'],
} satisfies Config
