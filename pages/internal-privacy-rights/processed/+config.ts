import type { Config } from 'vike/types'

export default {
  title: 'staff.processed.title',
  phrases: ['staff.processed', 'staff.audit', 'mail.channels', 'staff.desk.field.table'],
} satisfies Config
