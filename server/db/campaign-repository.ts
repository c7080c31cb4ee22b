import type { Kysely, Transaction } from 'kysely'
import type { CampaignFilter, CampaignItem } from '#shared/political-ads.ts'
import { PERIOD_DAYS } from '#shared/political-ads.ts'
import type { Country } from '#shared/site.ts'
import type { CampaignItemTable, Database } from './schema'

type Executor = Kysely<Database> | Transaction<Database>

function toRow(item: CampaignItem, country: Country, isSample: boolean, now: string): CampaignItemTable {
  return {
    id: item.id,
    country,
    is_sample: isSample ? 1 : 0,
    status: item.status,
    sponsor_name: item.sponsorName,
    sponsor_email: item.sponsorEmail ?? null,
    sponsor_address: item.sponsorAddress ?? null,
    publication_start_date: item.publicationStartDate,
    publication_end_date: item.publicationEndDate,
    budget_lower_bound: item.budgetLowerBound ?? null,
    budget_upper_bound: item.budgetUpperBound ?? null,
    reach_lower_bound: item.reachLowerBound ?? null,
    reach_upper_bound: item.reachUpperBound ?? null,
    channel: item.channel,
    funding_origin_type: item.fundingOriginType,
    funding_region: item.fundingRegion,
    campaign_context_url: item.campaignContextUrl ?? null,
    campaign_context_note_nl: item.campaignContextNoteNl ?? null,
    campaign_context_note_fr: item.campaignContextNoteFr ?? null,
    previous_publication_suspended: item.previousPublicationSuspended ? 1 : 0,
    payer_name: item.payerName ?? null,
    payer_email: item.payerEmail ?? null,
    payer_address: item.payerAddress ?? null,
    ubo_name: item.ultimateBeneficiaryOwnerName ?? null,
    ubo_email: item.ultimateBeneficiaryOwnerEmail ?? null,
    ubo_address: item.ultimateBeneficiaryOwnerAddress ?? null,
    search_text: [
      item.sponsorName,
      item.payerName,
      item.campaignContextUrl,
      item.campaignContextNoteNl,
      item.campaignContextNoteFr,
    ]
      .filter(Boolean)
      .join(' ')
      .toLowerCase(),
    updated_at: now,
  }
}

const optional = <T>(value: T | null): T | undefined => (value === null ? undefined : value)
const optionalNumber = (value: number | string | null) => (value === null ? undefined : Number(value))

function fromRow(row: CampaignItemTable): CampaignItem {
  const item: CampaignItem = {
    id: row.id,
    status: row.status as CampaignItem['status'],
    sponsorName: row.sponsor_name,
    sponsorEmail: optional(row.sponsor_email),
    sponsorAddress: optional(row.sponsor_address),
    publicationStartDate: row.publication_start_date,
    publicationEndDate: row.publication_end_date,
    budgetLowerBound: optionalNumber(row.budget_lower_bound),
    budgetUpperBound: optionalNumber(row.budget_upper_bound),
    reachLowerBound: optionalNumber(row.reach_lower_bound),
    reachUpperBound: optionalNumber(row.reach_upper_bound),
    channel: row.channel as CampaignItem['channel'],
    fundingOriginType: row.funding_origin_type as CampaignItem['fundingOriginType'],
    fundingRegion: row.funding_region as CampaignItem['fundingRegion'],
    campaignContextUrl: optional(row.campaign_context_url),
    campaignContextNoteNl: optional(row.campaign_context_note_nl),
    campaignContextNoteFr: optional(row.campaign_context_note_fr),
    previousPublicationSuspended: Number(row.previous_publication_suspended) === 1,
    payerName: optional(row.payer_name),
    payerEmail: optional(row.payer_email),
    payerAddress: optional(row.payer_address),
    ultimateBeneficiaryOwnerName: optional(row.ubo_name),
    ultimateBeneficiaryOwnerEmail: optional(row.ubo_email),
    ultimateBeneficiaryOwnerAddress: optional(row.ubo_address),
  }
  return Object.fromEntries(
    Object.entries(item).filter(([, v]) => v !== undefined),
  ) as unknown as CampaignItem
}

/** Inserts or updates by id, in the caller's transaction (the import is all-or-nothing). */
export async function upsertCampaigns(
  db: Executor,
  items: CampaignItem[],
  country: Country,
  isSample: boolean,
) {
  const now = new Date().toISOString()
  for (let start = 0; start < items.length; start += 200) {
    const rows = items.slice(start, start + 200).map((item) => toRow(item, country, isSample, now))
    await db
      .insertInto('campaign_items')
      .values(rows)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => {
          const columns = Object.keys(rows[0] ?? {}).filter((c) => c !== 'id') as (keyof CampaignItemTable)[]
          return Object.fromEntries(columns.map((c) => [c, eb.ref(`excluded.${c}`)])) as never
        }),
      )
      .execute()
  }
}

/** Spec §7 list: newest first, narrowed by period (publication overlapping the last N days), channel and text. */
export async function listCampaigns(
  db: Executor,
  options: {
    country: Country
    includeSamples: boolean
    filter: CampaignFilter
    today: string
    limit?: number
    offset?: number
  },
): Promise<{ items: CampaignItem[]; total: number }> {
  let query = db.selectFrom('campaign_items').selectAll().where('country', '=', options.country)
  if (!options.includeSamples) query = query.where('is_sample', '=', 0)
  const { periodFilter, channelFilter, textFilter } = options.filter
  if (periodFilter !== 'ALL') {
    const since = new Date(Date.parse(`${options.today}T00:00:00Z`) - PERIOD_DAYS[periodFilter] * 86_400_000)
      .toISOString()
      .slice(0, 10)
    query = query
      .where('publication_end_date', '>=', since)
      .where('publication_start_date', '<=', options.today)
  }
  if (channelFilter !== 'ALL') query = query.where('channel', '=', channelFilter)
  // LIKE wildcards in the visitor's text are dropped: both databases then read it literally.
  const needle = textFilter
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, '')
  if (needle) query = query.where('search_text', 'like', `%${needle}%`)
  const [rows, count] = await Promise.all([
    query
      .orderBy('publication_start_date', 'desc')
      .orderBy('id')
      .limit(options.limit ?? 100)
      .offset(options.offset ?? 0)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { items: rows.map(fromRow), total: Number(count.n) }
}

export async function findCampaign(db: Executor, id: string, country: Country, includeSamples: boolean) {
  let query = db.selectFrom('campaign_items').selectAll().where('id', '=', id).where('country', '=', country)
  if (!includeSamples) query = query.where('is_sample', '=', 0)
  const row = await query.executeTakeFirst()
  return row ? fromRow(row) : null
}
