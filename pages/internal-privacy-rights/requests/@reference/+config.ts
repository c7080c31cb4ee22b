import type { Config } from 'vike/types'

export default {
  title: 'staff.desk.request.title',
  phrases: [
    'staff.desk',
    'mail.flows',
    'mail.channels',
    'staff.form.language_nl',
    'staff.form.language_fr',
    'tasks',
  ],
  hydrate: true,
} satisfies Config
