import { type Compilable, type Kysely, type OperationNodeSource, sql, type Transaction } from 'kysely'
import type { Db } from './database'
import { enqueueMail, mailInsert, type OutgoingMail } from './outbox-repository'
import type { Database } from './schema'
import { eventInsert, mailEntry, recordMails, type Timeline } from './timeline-repository'

/** The mails about what was saved; `null` or `false` is a mail not sent (no address, the recipient limit). */
export type Mails = readonly (OutgoingMail | null | false)[]

/** An INSERT built by a repository's `…Insert` function and not yet run. */
export type PendingInsert = Compilable & OperationNodeSource

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
    const mails = (await save(trx)).filter((mail): mail is OutgoingMail => Boolean(mail))
    for (const mail of mails) await enqueueMail(trx, mail, now)
    await recordMails(
      trx,
      'mail-queued',
      mails.flatMap((mail) => (mail.aboutId ? [{ aboutId: mail.aboutId, kind: mail.kind, at: now }] : [])),
    )
  })
}

/**
 * What the public forms store: rows and their mails, inserted all or nothing as `saveWithMails` does, in one
 * round trip. On PostgreSQL the INSERTs are the data-modifying WITH queries of one statement, which commits
 * on its own (foreign keys are checked at its end, so a row and the rows that refer to it go in together);
 * SQLite, where a round trip costs nothing, runs them in order in one transaction. With `timeline`, each
 * mail about what was saved is on that timeline as queued, in the same statement.
 */
export async function insertWithMails(
  db: Db,
  now: string,
  inserts: readonly PendingInsert[],
  mails: Mails,
  timeline?: Timeline,
): Promise<void> {
  const all = [
    ...inserts,
    ...mails.flatMap((mail) => {
      if (!mail) return []
      const queued =
        timeline && mail.aboutId
          ? [eventInsert(db.db, timeline, mail.aboutId, mailEntry('mail-queued', mail.kind, now))]
          : []
      return [mailInsert(db.db, mail, now), ...queued]
    }),
  ]
  if (db.dialect === 'postgres') {
    const queries = all.map((insert, i) => sql`${sql.raw(`insert_${i}`)} as (${insert})`)
    await sql`with ${sql.join(queries)} select 1`.execute(db.db)
    return
  }
  await db.db.transaction().execute(async (trx) => {
    for (const insert of all) await trx.executeQuery(insert.compile())
  })
}

/**
 * A transaction that writes from its start. On SQLite a transaction that reads before it writes fails with
 * SQLITE_BUSY_SNAPSHOT when another process wrote in between (an operator's import beside the running site,
 * or two imports at once); `BEGIN IMMEDIATE` takes the write lock first, and the busy timeout then makes it
 * wait its turn. PostgreSQL's row locks need nothing of the kind.
 */
export async function writeTransaction<T>(
  db: Db,
  work: (trx: Kysely<Database> | Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (db.dialect !== 'sqlite') return db.db.transaction().execute(work)
  return db.db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection)
    try {
      const result = await work(connection)
      await sql`commit`.execute(connection)
      return result
    } catch (error) {
      await sql`rollback`.execute(connection)
      throw error
    }
  })
}
