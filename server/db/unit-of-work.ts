import type { Transaction } from 'kysely'
import type { Db } from './database'
import { enqueueMail, type OutgoingMail } from './outbox-repository'
import type { Database } from './schema'
import { recordMail } from './timeline-repository'

/** The mails about what was saved; `null` or `false` is a mail not sent (no address, the recipient limit). */
export type Mails = readonly (OutgoingMail | null | false)[]

/**
 * DESIGN.md decision 6 (outbox): what `save` writes and the mails it answers commit together, or neither
 * does. A mail is never sent about something that was not stored, and nothing stored loses its mail while
 * SMTP is down. A mail about a request or complaint is on its timeline from the moment it is queued.
 */
export async function saveWithMails(
  db: Db,
  now: string,
  save: (trx: Transaction<Database>) => Promise<Mails>,
): Promise<void> {
  await db.db.transaction().execute(async (trx) => {
    for (const mail of await save(trx)) {
      if (!mail) continue
      await enqueueMail(trx, mail, now)
      if (mail.aboutId) await recordMail(trx, mail.aboutId, 'mail-queued', mail.kind, now)
    }
  })
}
