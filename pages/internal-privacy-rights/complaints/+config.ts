import type { Config } from 'vike/types'

export default {
  title: 'staff.complaints.list.title',
  phrases: [
    'staff.complaints',
    'staff.desk.badge',
    'staff.desk.queue',
    'staff.desk.field.table',
    'political_ads.reasons',
  ],
  hydrate: true,
} satisfies Config
