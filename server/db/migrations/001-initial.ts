import type { Kysely } from 'kysely'
import { createIndex, requiredText } from '../schema-builders'

/** The first schema: requests, tokens, suppressions, contact messages, complaints and the mail outbox. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // In this order: the tokens and the suppressions refer to the requests.
  await privacyRequests(db)
  await verificationTokens(db)
  await marketingSuppressions(db)
  await contactMessages(db)
  await politicalAdComplaints(db)
  await mailOutbox(db)
}

async function privacyRequests(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('privacy_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('flow_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('user_message', 'text')
    .addColumn('article', 'text')
    .addColumn('publication_link', 'text')
    .addColumn('publication_date', 'text')
    .addColumn('brand_name', 'text')
    .addColumn('brands', 'text', (c) => c.notNull())
    .addColumn('communication_types', 'text', (c) => c.notNull())
    .addColumn('user_info', 'text')
    .addColumn('touchpoint', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'text')
    .addColumn('executed_at', 'text')
    .addColumn('due_at', 'text')
    .execute()
  await createIndex(db, 'privacy_requests_status_created', 'privacy_requests', ['status', 'created_at'])
}

async function verificationTokens(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('verification_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) => c.notNull().references('privacy_requests.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('consumed_at', 'text')
    .execute()
  await createIndex(db, 'verification_tokens_request', 'verification_tokens', ['request_id'])
}

async function marketingSuppressions(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('marketing_suppressions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('brand_key', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('postal_address', 'text')
    .addColumn('request_id', 'text', (c) => c.notNull().references('privacy_requests.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await createIndex(db, 'marketing_suppressions_request', 'marketing_suppressions', ['request_id'])
  await createIndex(db, 'marketing_suppressions_email', 'marketing_suppressions', ['email', 'brand_key'])
  await createIndex(db, 'marketing_suppressions_phone', 'marketing_suppressions', [
    'phone_number',
    'brand_key',
  ])
}

async function contactMessages(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .$call(requiredText('country', 'language'))
    .addColumn('subject', 'text')
    .$call(requiredText('name', 'email'))
    .addColumn('phone_number', 'text')
    .$call(requiredText('question', 'created_at'))
    .execute()
}

async function politicalAdComplaints(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('political_ad_complaints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .$call(requiredText('country', 'locale', 'campaign_id', 'reason'))
    .$call(requiredText('name', 'email', 'explanation', 'created_at'))
    .execute()
}

async function mailOutbox(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await createIndex(db, 'mail_outbox_due', 'mail_outbox', ['sent_at', 'next_attempt_at'])
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'mail_outbox',
    'political_ad_complaints',
    'contact_messages',
    'marketing_suppressions',
    'verification_tokens',
    'privacy_requests',
  ]) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
