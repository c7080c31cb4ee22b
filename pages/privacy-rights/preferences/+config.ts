import type { Config } from 'vike/types'

export default {
  title: 'privacy_rights.preferences.title',
  phrases: [
    'privacy_rights.preferences',
    'privacy_rights.form',
    'privacy_rights.channels',
    'mail.channels',
    'validation',
    'contact.email_validation_failure',
    'forms',
  ],
  hydrate: true,
  // The link's token is personal, and the choices change: rendered for every visit, never kept.
  pageCache: false,
} satisfies Config
