import type { Config } from 'vike/types'

export default {
  title: 'home.title',
  description: 'home.description',
  phrases: ['home', 'contact_section', 'contact', 'validation', 'forms'],
} satisfies Config
