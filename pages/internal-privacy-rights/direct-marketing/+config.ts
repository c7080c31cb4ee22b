import type { Config } from 'vike/types'

export default {
  title: 'staff.form.title',
  phrases: [
    'staff.form',
    'privacy_rights.brands.select_all',
    'privacy_rights.channels.phone',
    'privacy_rights.channels.email',
    'privacy_rights.channels.postal',
    'privacy_rights.channels.postal_legend',
    'privacy_rights.form',
    'privacy_rights.send_failure',
    'validation',
    'contact.email_validation_failure',
    'forms',
  ],
  hydrate: true,
} satisfies Config
