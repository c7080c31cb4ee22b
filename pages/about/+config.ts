import type { Config } from 'vike/types'

export default {
  title: 'about.title',
  description: 'about.description',
  phrases: ['about', 'contact_section', 'contact', 'validation', 'forms'],
} satisfies Config
