import { type Kysely, sql } from 'kysely'
import { deleteExpiredSecrets } from './api-client-repository'
import { deleteStaleUploads } from './file-repository'
import { deleteExpiredPreferenceTokens } from './preference-repository'
import { anonymiseClosed, erasePackages } from './request-retention'
import type { Database } from './schema'
import { deleteExpiredUnsubscribeKeys } from './unsubscribe-repository'

/** Rows created before these instants (ISO-8601) have reached the end of their retention period. */
export interface RetentionCutoffs {
  unverifiedRequests: string
  contactMessages: string
  /** Complaints closed before this instant; an open complaint is never deleted. */
  complaints: string
  mailRecords: string
  /** Notices whose publication ended before this date (YYYY-MM-DD) go, with their earlier versions. */
  notices: string
  /** Issue 25: privacy requests closed before this instant keep no personal data. */
  closedRequests: string
  /** Issue 25: uploads begun before this instant and never completed (cut off) go. */
  staleUploads: string
  /**
   * When the job runs: the time a removed notice's tombstone records (issue 18), and the moment brand
   * systems' previous secrets whose 24 hours after a rotation are over go (issue 17).
   */
  now: string
}

export interface Purged {
  requests: number
  contactMessages: number
  complaints: number
  mails: number
  webhookDeliveries: number
  notices: number
  previousSecrets: number
  /** Issue 25: access packages erased after their days; closed requests anonymised; cut-off uploads. */
  packages: number
  anonymised: number
  staleUploads: number
  /** Issue 28: lapsed preference-centre links, and unsubscribe key ids past their 30 days. */
  preferenceLinks: number
  unsubscribeKeys: number
}

/** Requests whose e-mail address was never confirmed: still waiting, or expired (issue 16). */
const NEVER_VERIFIED = ['pending', 'expired']

/**
 * Deletes everything past its retention, each item together with every mail about it (sent or not), so
 * that no row of a purged item remains anywhere. Verified requests and their suppressions are records of
 * what was handled and stay.
 */
export async function purgeExpired(db: Kysely<Database>, cutoffs: RetentionCutoffs): Promise<Purged> {
  const requests = await purgeUnverifiedRequests(db, cutoffs.unverifiedRequests)
  const contactMessages = await purgeWithMails(db, 'contact_messages', 'created_at', cutoffs.contactMessages)
  // A complaint's period runs from its closing (issue 18): one still open is being handled, however old.
  const complaints = await purgeWithMails(db, 'political_ad_complaints', 'closed_at', cutoffs.complaints)
  const mails = await db
    .deleteFrom('mail_outbox')
    .where('created_at', '<', cutoffs.mailRecords)
    .executeTakeFirst()
  // Webhook deliveries (issue 17) are mail of another kind: their records go with the mail records.
  const webhooks = await db
    .deleteFrom('webhook_deliveries')
    .where('created_at', '<', cutoffs.mailRecords)
    .executeTakeFirst()
  const notices = await purgeEndedNotices(db, cutoffs)
  return {
    requests,
    contactMessages,
    complaints,
    mails: Number(mails.numDeletedRows),
    webhookDeliveries: Number(webhooks.numDeletedRows),
    notices,
    previousSecrets: await deleteExpiredSecrets(db, cutoffs.now),
    packages: await erasePackages(db, cutoffs.now),
    anonymised: await anonymiseClosed(db, cutoffs.closedRequests, cutoffs.now),
    staleUploads: await deleteStaleUploads(db, cutoffs.staleUploads),
    preferenceLinks: await deleteExpiredPreferenceTokens(db, cutoffs.now),
    unsubscribeKeys: await deleteExpiredUnsubscribeKeys(db, cutoffs.now),
  }
}

/** Requests never verified, created before `cutoff`, with their tokens, events and mails; counted first. */
function purgeUnverifiedRequests(db: Kysely<Database>, cutoff: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const stale = trx
      .selectFrom('privacy_requests')
      .select('id')
      .where('status', 'in', NEVER_VERIFIED)
      .where('created_at', '<', cutoff)
    // Issue 29: the public figures still count them as received; only that, per country, right and hour.
    await trx
      .insertInto('request_tallies')
      .columns(['country', 'flow_type', 'received_hour', 'received'])
      .expression(
        trx
          .selectFrom('privacy_requests')
          .select((eb) => [
            'country',
            'flow_type',
            sql<string>`substr(created_at, 1, 13)`.as('received_hour'),
            eb.fn.countAll<number>().as('received'),
          ])
          .where('status', 'in', NEVER_VERIFIED)
          .where('created_at', '<', cutoff)
          .groupBy(['country', 'flow_type', sql`substr(created_at, 1, 13)`]),
      )
      .onConflict((oc) =>
        oc
          .columns(['country', 'flow_type', 'received_hour'])
          .doUpdateSet({ received: sql`request_tallies.received + excluded.received` }),
      )
      .execute()
    await trx.deleteFrom('verification_tokens').where('request_id', 'in', stale).execute()
    await trx.deleteFrom('request_events').where('request_id', 'in', stale).execute()
    await trx.deleteFrom('mail_outbox').where('about_id', 'in', stale).execute()
    const result = await trx
      .deleteFrom('privacy_requests')
      .where('status', 'in', NEVER_VERIFIED)
      .where('created_at', '<', cutoff)
      .executeTakeFirst()
    return Number(result.numDeletedRows)
  })
}

/** Notices whose publication ended before the cutoff, with their versions and withdrawals; a tombstone stays. */
function purgeEndedNotices(
  db: Kysely<Database>,
  cutoffs: Pick<RetentionCutoffs, 'notices' | 'now'>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const stale = trx
      .selectFrom('campaign_items')
      .select('id')
      .where('publication_end_date', '<', cutoffs.notices)
    // Its id and the time it went stay: mirrors learn of the removal, its address answers 410 Gone.
    await trx
      .insertInto('campaign_item_tombstones')
      .columns(['id', 'country', 'is_sample', 'removed_at'])
      .expression(
        trx
          .selectFrom('campaign_items')
          .select((eb) => ['id', 'country', 'is_sample', eb.val(cutoffs.now).as('removed_at')])
          .where('publication_end_date', '<', cutoffs.notices),
      )
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({ removed_at: eb.ref('excluded.removed_at') })),
      )
      .execute()
    await trx.deleteFrom('campaign_item_versions').where('campaign_id', 'in', stale).execute()
    await trx.deleteFrom('campaign_item_withdrawals').where('campaign_id', 'in', stale).execute()
    const result = await trx
      .deleteFrom('campaign_items')
      .where('publication_end_date', '<', cutoffs.notices)
      .executeTakeFirst()
    return Number(result.numDeletedRows)
  })
}

/**
 * Rows of `table` whose `since` (received, or closed) is before `cutoff`, and every mail about them. A row
 * whose `since` is not set (a complaint still open) is never before the cutoff.
 */
function purgeWithMails(
  db: Kysely<Database>,
  table: 'contact_messages' | 'political_ad_complaints',
  since: 'created_at' | 'closed_at',
  cutoff: string,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const stale = trx
      .selectFrom(table)
      .select('id')
      .where(sql.ref<string | null>(since), 'is not', null)
      .where(sql.ref<string | null>(since), '<', cutoff)
    await trx.deleteFrom('mail_outbox').where('about_id', 'in', stale).execute()
    if (table === 'political_ad_complaints')
      await trx.deleteFrom('complaint_events').where('complaint_id', 'in', stale).execute()
    const result = await trx.deleteFrom(table).where('id', 'in', stale).executeTakeFirst()
    return Number(result.numDeletedRows)
  })
}
