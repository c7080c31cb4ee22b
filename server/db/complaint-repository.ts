import type { Kysely, Transaction } from 'kysely'
import type { Locale } from '#shared/locale.ts'
import type { ComplaintReason } from '#shared/political-ads.ts'
import type { Country } from '#shared/site.ts'
import type { Database } from './schema'

type Executor = Kysely<Database> | Transaction<Database>

/**
 * A complaint about a political ad as stored. The privacy team reads it in its mail (built in the same
 * transaction); the retention job deletes it after COMPLAINT_RETENTION_DAYS.
 */
export interface PoliticalAdComplaint {
  id: string
  reference: string
  country: Country
  locale: Locale
  campaignId: string
  reason: ComplaintReason
  name: string
  email: string
  explanation: string
  createdAt: string
}

export async function insertComplaint(db: Executor, complaint: PoliticalAdComplaint): Promise<void> {
  await db
    .insertInto('political_ad_complaints')
    .values({
      id: complaint.id,
      reference: complaint.reference,
      country: complaint.country,
      locale: complaint.locale,
      campaign_id: complaint.campaignId,
      reason: complaint.reason,
      name: complaint.name,
      email: complaint.email,
      explanation: complaint.explanation,
      created_at: complaint.createdAt,
    })
    .execute()
}
