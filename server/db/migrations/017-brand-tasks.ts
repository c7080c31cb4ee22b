import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../dialect'
import { createIndex, createUniqueIndex, requiredText, textColumns } from '../schema-builders'

/** The requester's second factor and access package (issue 25 items 4 and 5), on the request itself. */
const requestColumns = textColumns('privacy_requests', [
  'reply_token_hash',
  'unlock_code_hash',
  'unlock_code_expires_at',
  'package_expires_at',
  'anonymised_at',
])

/**
 * Issue 25: access, erasure and rectification reach every brand system.
 * - `api_clients.tasks` (0/1): the system takes tasks; `contact_email`: whom to mail when it is late.
 * - `brand_tasks`: one per request and client, numbered from `feed_sequence` ('tasks') like the suppressions,
 *   so the task feed's cursor never passes a task that commits later. Its answer is written once.
 * - `task_files` and `task_file_chunks`: an access answer's files, encrypted chunk by chunk (AES-256-GCM), in
 *   the database and never on disk as plain files; a file is `completed_at` only once all of it arrived.
 * Existing requests, clients and rows keep working: no task for requests verified before, no client takes
 * tasks until an operator turns them on.
 */
export function brandTasksMigration(dialect: Dialect) {
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob'
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('api_clients')
        .addColumn('tasks', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema.alterTable('api_clients').addColumn('contact_email', 'text').execute()
      await sql`insert into feed_sequence (name, value) values ('tasks', 0)`.execute(db)

      await db.schema
        .createTable('brand_tasks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('request_id', 'text', (c) =>
          c.notNull().references('privacy_requests.id').onDelete('cascade'),
        )
        .addColumn('client_id', 'text', (c) => c.notNull().references('api_clients.id').onDelete('cascade'))
        .$call(requiredText('created_at'))
        .addColumn('outcome', 'text')
        .addColumn('refusal_ground', 'text')
        .addColumn('note', 'text')
        .addColumn('answered_at', 'text')
        .addColumn('reminded_at', 'text')
        .execute()
      await createUniqueIndex(db, 'brand_tasks_seq', 'brand_tasks', 'seq')
      await createIndex(db, 'brand_tasks_client_seq', 'brand_tasks', ['client_id', 'seq'])
      await createIndex(db, 'brand_tasks_request', 'brand_tasks', ['request_id'])

      await db.schema
        .createTable('task_files')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('task_id', 'text', (c) => c.notNull().references('brand_tasks.id').onDelete('cascade'))
        .addColumn('request_id', 'text', (c) =>
          c.notNull().references('privacy_requests.id').onDelete('cascade'),
        )
        .$call(requiredText('name', 'content_type', 'created_at'))
        .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('chunks', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sha256', 'text')
        .addColumn('completed_at', 'text')
        .execute()
      await createIndex(db, 'task_files_task', 'task_files', ['task_id'])
      await createIndex(db, 'task_files_request', 'task_files', ['request_id'])

      await db.schema
        .createTable('task_file_chunks')
        .addColumn('file_id', 'text', (c) => c.notNull().references('task_files.id').onDelete('cascade'))
        .addColumn('n', 'integer', (c) => c.notNull())
        .addColumn('data', bytes, (c) => c.notNull())
        .addPrimaryKeyConstraint('task_file_chunks_pk', ['file_id', 'n'])
        .execute()

      await requestColumns.add(db)
      await db.schema
        .alterTable('privacy_requests')
        .addColumn('unlock_code_tries', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await createIndex(db, 'privacy_requests_closed', 'privacy_requests', ['closed_at'])
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('privacy_requests_closed').ifExists().execute()
      await db.schema.alterTable('privacy_requests').dropColumn('unlock_code_tries').execute()
      await requestColumns.drop(db)
      for (const table of ['task_file_chunks', 'task_files', 'brand_tasks'])
        await db.schema.dropTable(table).ifExists().execute()
      await sql`delete from feed_sequence where name = 'tasks'`.execute(db)
      await db.schema.alterTable('api_clients').dropColumn('contact_email').execute()
      await db.schema.alterTable('api_clients').dropColumn('tasks').execute()
    },
  }
}
