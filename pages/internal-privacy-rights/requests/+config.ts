import type { Config } from 'vike/types'

export default {
  title: 'staff.desk.queue.title',
  phrases: ['staff.desk', 'mail.flows'],
  hydrate: true,
} satisfies Config
