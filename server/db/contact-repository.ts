import type { Kysely, Transaction } from 'kysely'
import type { ContactSubject } from '#shared/contact.ts'
import type { Country } from '#shared/site.ts'
import type { Database } from './schema'

type Executor = Kysely<Database> | Transaction<Database>

/**
 * Spec §3 'Contact message' as stored. Customer service reads it in its mail (built in the same transaction);
 * the retention job deletes it after CONTACT_RETENTION_DAYS.
 */
export interface ContactMessage {
  id: string
  reference: string
  country: Country
  language: string
  subject: ContactSubject | null
  name: string
  email: string
  phoneNumber: string | null
  question: string
  createdAt: string
}

/** The INSERT of a contact message, not yet run (server/db/unit-of-work.ts `insertWithMails`). */
export function contactMessageInsert(db: Executor, message: ContactMessage) {
  return db.insertInto('contact_messages').values({
    id: message.id,
    reference: message.reference,
    country: message.country,
    language: message.language,
    subject: message.subject,
    name: message.name,
    email: message.email,
    phone_number: message.phoneNumber,
    question: message.question,
    created_at: message.createdAt,
  })
}

/** Issue 30: the message with this id (an Idempotency-Key's first submission): its address and reference. */
export function findContactMessage(db: Executor, id: string) {
  return db
    .selectFrom('contact_messages')
    .select(['email', 'reference'])
    .where('id', '=', id)
    .executeTakeFirst()
}
