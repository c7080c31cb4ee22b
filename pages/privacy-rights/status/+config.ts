import type { Config } from 'vike/types'

export default {
  title: 'privacy_rights.status.title',
  phrases: ['privacy_rights.status', 'mail.flows', 'staff.desk.status'],
  // The link's token is personal and the request's course changes: rendered for every visit.
  pageCache: false,
} satisfies Config
