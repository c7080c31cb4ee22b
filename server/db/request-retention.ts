import { type Kysely, sql } from 'kysely'
import type { Database } from './schema'
import { appendEvent } from './timeline-repository'

const CLOSED = ['completed', 'rejected']

/**
 * Issue 25 item 4: access packages past their days lose their files and the reply text (the completion's
 * text on the timeline); the request keeps that it had a package and until when (its page answers 410).
 * Answers how many packages were erased.
 */
export async function erasePackages(db: Kysely<Database>, now: string): Promise<number> {
  const due = await db
    .selectFrom('privacy_requests as r')
    .select('r.id')
    .where('r.package_expires_at', '<=', now)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('task_files as f').select('f.id').whereRef('f.request_id', '=', 'r.id')),
        eb.exists(
          eb
            .selectFrom('request_events as e')
            .select('e.id')
            .whereRef('e.request_id', '=', 'r.id')
            .where('e.kind', '=', 'completed')
            .where('e.text', 'is not', null),
        ),
      ]),
    )
    .execute()
  for (const { id } of due) {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('task_files').where('request_id', '=', id).execute()
      await trx
        .updateTable('request_events')
        .set({ text: null })
        .where('request_id', '=', id)
        .where('kind', '=', 'completed')
        .execute()
      await appendEvent(trx, 'request', id, { kind: 'package-erased', occurredAt: now })
    })
  }
  return due.length
}

/**
 * Issue 25 item 5: a request closed before `before` keeps what accountability and the public figures need
 * (reference, right, country, language, dates, status, each brand's outcome and the refusal ground) and loses
 * every personal value, free text, file and token: its own columns, its timeline's texts, the brand systems'
 * notes, its files, its verification tokens, every mail about it, and any webhook body that still names it.
 * An objection (executed, never closed) stays as long as it is kept: it is what the brands honour.
 */
export async function anonymiseClosed(db: Kysely<Database>, before: string, now: string): Promise<number> {
  const due = await db
    .selectFrom('privacy_requests')
    .select('id')
    .where('status', 'in', CLOSED)
    .where('closed_at', '<', before)
    .where('anonymised_at', 'is', null)
    .execute()
  for (const { id } of due) {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('privacy_requests')
        .set({
          email: null,
          phone_number: null,
          user_message: null,
          article: null,
          publication_link: null,
          publication_date: null,
          user_info: null,
          touchpoint: null,
          identity_note: null,
          status_token_hash: null,
          reply_token_hash: null,
          unlock_code_hash: null,
          unlock_code_expires_at: null,
          unlock_code_tries: 0,
          anonymised_at: now,
        })
        .where('id', '=', id)
        .execute()
      await trx.updateTable('request_events').set({ text: null }).where('request_id', '=', id).execute()
      await trx.updateTable('brand_tasks').set({ note: null }).where('request_id', '=', id).execute()
      await trx.deleteFrom('task_files').where('request_id', '=', id).execute()
      await trx.deleteFrom('verification_tokens').where('request_id', '=', id).execute()
      await trx.deleteFrom('mail_outbox').where('about_id', '=', id).execute()
      await trx
        .updateTable('webhook_deliveries')
        .set({ payload: '' })
        .where('payload', 'like', sql<string>`${`%"requestId":"${id}"%`}`)
        .execute()
      await appendEvent(trx, 'request', id, { kind: 'anonymised', occurredAt: now })
    })
  }
  return due.length
}
