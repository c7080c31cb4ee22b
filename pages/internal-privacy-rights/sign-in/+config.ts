import type { Config } from 'vike/types'

export default {
  title: 'staff.sign_in.title',
  phrases: ['staff.sign_in', 'privacy_rights.form.email'],
} satisfies Config
