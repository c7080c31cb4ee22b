import type { Config } from 'vike/types'

export default {
  title: 'privacy_rights.publication.title',
  phrases: [
    'privacy_rights.publication',
    'privacy_rights.form',
    'privacy_rights.send_failure',
    'validation',
    'contact.email_validation_failure',
    'forms',
  ],
  hydrate: true,
} satisfies Config
