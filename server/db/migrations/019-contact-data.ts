import { type Kysely, sql } from 'kysely'
import { normaliseAddress } from '#shared/mailbox.ts'
import { postalNameOf, type UserInfo } from '#shared/privacy-rights/request.ts'
import { createIndex } from '../schema-builders'

/**
 * Issue 27: what a brand system needs to act on a suppression, and to find it; a mail's sender country; the
 * site a complaint was made on; the language of a notice's own texts.
 * - `postal_name`: a postal suppression carries the name the form required beside the address (JSON
 *   `{ salutation?, firstName, lastName }`), so a CRM can tell which resident objected. Existing postal
 *   suppressions get it from their request.
 * - `email_key`: the address as the abuse limiter counts it (case, spaces and a `+tag` do not count), so a
 *   lookup of `name@example.be` finds `name+optout@example.be` and the other way round.
 */
export const contactDataMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('marketing_suppressions').addColumn('postal_name', 'text').execute()
    await db.schema.alterTable('marketing_suppressions').addColumn('email_key', 'text').execute()
    const emails = await sql<{ email: string }>`select distinct email from marketing_suppressions
      where email is not null`.execute(db)
    for (const { email } of emails.rows)
      await sql`update marketing_suppressions set email_key = ${normaliseAddress(email)}
        where email = ${email}`.execute(db)
    const postal = await sql<{ request_id: string; user_info: string | null }>`select distinct s.request_id,
      r.user_info from marketing_suppressions s join privacy_requests r on r.id = s.request_id
      where s.channel = 'POSTAL'`.execute(db)
    for (const { request_id, user_info } of postal.rows) {
      const name = postalNameOf(user_info ? (JSON.parse(user_info) as UserInfo) : null)
      if (name)
        await sql`update marketing_suppressions set postal_name = ${JSON.stringify(name)}
          where request_id = ${request_id} and channel = 'POSTAL'`.execute(db)
    }
    await createIndex(db, 'marketing_suppressions_email_key', 'marketing_suppressions', [
      'country',
      'email_key',
    ])
    // A mail goes out from its country's sender (MAIL_FROM_NL, MAIL_FROM_BE); waiting mails keep MAIL_FROM.
    await db.schema.alterTable('mail_outbox').addColumn('sender_country', 'text').execute()
    // A complaint's outcome mail links to the notice on the site where the complaint was made.
    await db.schema.alterTable('political_ad_complaints').addColumn('origin', 'text').execute()
    // The language of a notice's own texts: a page in another language marks them with it.
    await db.schema.alterTable('campaign_items').addColumn('text_language', 'text').execute()
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('campaign_items').dropColumn('text_language').execute()
    await db.schema.alterTable('political_ad_complaints').dropColumn('origin').execute()
    await db.schema.alterTable('mail_outbox').dropColumn('sender_country').execute()
    await db.schema.dropIndex('marketing_suppressions_email_key').ifExists().execute()
    await db.schema.alterTable('marketing_suppressions').dropColumn('email_key').execute()
    await db.schema.alterTable('marketing_suppressions').dropColumn('postal_name').execute()
  },
}
