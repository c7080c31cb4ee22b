import type { Config } from 'vike/types'

export default {
  title: 'staff.complaints.detail.title',
  phrases: [
    'staff.complaints',
    'staff.desk.done',
    'staff.desk.error',
    'staff.desk.note',
    'political_ads.reasons',
  ],
  hydrate: true,
} satisfies Config
