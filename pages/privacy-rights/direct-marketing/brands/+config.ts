import type { Config } from 'vike/types'

export default {
  title: 'privacy_rights.brands.title',
  phrases: [
    'privacy_rights.brands',
    'privacy_rights.progress',
    'validation.required_option',
    'forms.error_title',
  ],
  hydrate: true,
} satisfies Config
