import { MAX_LENGTH } from './privacy-rights/request'

/** The subjects a visitor chooses from on the contact form. */
export const CONTACT_SUBJECTS = [
  'subscription',
  'delivery',
  'account',
  'privacy',
  'advertising',
  'other',
] as const
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]

/** Spec §3 'Contact message', plus the subject and phone the form also collects. */
export interface ContactBody {
  name: string
  email: string
  question: string
  subject?: ContactSubject
  phone?: string
}

export const CONTACT_MAX = {
  name: 100,
  question: 5000,
  phone: MAX_LENGTH.phone,
  email: MAX_LENGTH.email,
} as const

export const contactSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'email', 'question'],
  properties: {
    name: { type: 'string', maxLength: CONTACT_MAX.name },
    email: { type: 'string', maxLength: CONTACT_MAX.email },
    question: { type: 'string', maxLength: CONTACT_MAX.question },
    subject: { enum: [...CONTACT_SUBJECTS] },
    phone: { type: 'string', maxLength: CONTACT_MAX.phone },
  },
} as const
