import type { Config } from 'vike/types'

export default {
  title: 'staff.figures.title',
  phrases: ['staff.figures', 'staff.desk.country', 'figures'],
} satisfies Config
