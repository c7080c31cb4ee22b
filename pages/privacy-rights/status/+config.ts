import type { Config } from 'vike/types'

export default {
  title: 'privacy_rights.status.title',
  phrases: ['privacy_rights.status', 'mail.flows', 'staff.desk.status'],
} satisfies Config
