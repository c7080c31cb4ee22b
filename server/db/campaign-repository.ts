import { type Kysely, type Selectable, type SelectQueryBuilder, sql, type Transaction } from 'kysely'
import type {
  CampaignFilter,
  CampaignItem,
  Notice,
  NoticeState,
  NoticeVersion,
  NoticeWithdrawal,
  Suspension,
} from '#shared/political-ads.ts'
import { AMOUNTS_CURRENCY, earlierContents, isSampleId, PERIOD_DAYS } from '#shared/political-ads.ts'

import type { Country } from '#shared/site.ts'
import type { Dialect } from './dialect'
import type { CampaignItemTable, Database } from './schema'

type Executor = Kysely<Database> | Transaction<Database>

type Row = Selectable<CampaignItemTable>
type ContentRow = Omit<Row, 'version' | 'changed_at' | 'withdrawn_at' | 'withdrawal_reason'>

function toRow(item: CampaignItem, country: Country, isSample: boolean, now: string): ContentRow {
  return {
    id: item.id,
    country,
    is_sample: isSample ? 1 : 0,
    status: item.status,
    sponsor_name: item.sponsorName,
    sponsor_legal_name: item.sponsorLegalName ?? null,
    sponsor_email: item.sponsorEmail ?? null,
    sponsor_address: item.sponsorAddress ?? null,
    sponsor_establishment: item.sponsorEstablishment ?? null,
    sponsor_registration_number: item.sponsorRegistrationNumber ?? null,
    publication_start_date: item.publicationStartDate,
    publication_end_date: item.publicationEndDate,
    budget_lower_bound: item.budgetLowerBound ?? null,
    budget_upper_bound: item.budgetUpperBound ?? null,
    other_benefits: item.otherBenefits ?? null,
    reach_lower_bound: item.reachLowerBound ?? null,
    reach_upper_bound: item.reachUpperBound ?? null,
    channel: item.channel,
    funding_origin_type: item.fundingOriginType,
    funding_region: item.fundingRegion,
    campaign_context_url: item.campaignContextUrl ?? null,
    campaign_context_note_nl: item.campaignContextNoteNl ?? null,
    campaign_context_note_fr: item.campaignContextNoteFr ?? null,
    // Spec §3's yes/no follows the dated suspensions (issue 18): it cannot say otherwise.
    previous_publication_suspended: item.suspensions && item.suspensions.length > 0 ? 1 : 0,
    payer_name: item.payerName ?? null,
    payer_legal_name: item.payerLegalName ?? null,
    payer_email: item.payerEmail ?? null,
    payer_address: item.payerAddress ?? null,
    payer_establishment: item.payerEstablishment ?? null,
    ubo_name: item.ultimateBeneficiaryOwnerName ?? null,
    ubo_legal_name: item.ultimateBeneficiaryOwnerLegalName ?? null,
    ubo_email: item.ultimateBeneficiaryOwnerEmail ?? null,
    ubo_address: item.ultimateBeneficiaryOwnerAddress ?? null,
    ubo_establishment: item.ultimateBeneficiaryOwnerEstablishment ?? null,
    amounts_methodology: item.amountsMethodology ?? null,
    linked_process_type: item.linkedProcessType ?? null,
    linked_process_name: item.linkedProcessName ?? null,
    linked_process_date: item.linkedProcessDate ?? null,
    election_info_url: item.electionInfoUrl ?? null,
    targeting_used: item.targetingUsed === undefined ? null : item.targetingUsed ? 1 : 0,
    targeting_info_url: item.targetingInfoUrl ?? null,
    repository_url: item.repositoryUrl ?? null,
    text_language: item.textLanguage ?? null,
    suspensions: item.suspensions && item.suspensions.length > 0 ? JSON.stringify(item.suspensions) : null,
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
/**
 * A text the import no longer takes blank (issue 18) may be stored so from before: blank is absent, and the
 * page says "not applicable" or "not given" for it, never an empty row.
 */
const optionalText = (value: string | null) => (value === null || value.trim() === '' ? undefined : value)
const optionalNumber = (value: number | string | null) => (value === null ? undefined : Number(value))

function fromRow(row: ContentRow): CampaignItem {
  const item: CampaignItem = {
    id: row.id,
    status: row.status as CampaignItem['status'],
    sponsorName: row.sponsor_name,
    sponsorLegalName: optionalText(row.sponsor_legal_name),
    sponsorEmail: optionalText(row.sponsor_email),
    sponsorAddress: optionalText(row.sponsor_address),
    sponsorEstablishment: optionalText(row.sponsor_establishment),
    sponsorRegistrationNumber: optionalText(row.sponsor_registration_number),
    publicationStartDate: row.publication_start_date,
    publicationEndDate: row.publication_end_date,
    budgetLowerBound: optionalNumber(row.budget_lower_bound),
    budgetUpperBound: optionalNumber(row.budget_upper_bound),
    otherBenefits: optionalText(row.other_benefits),
    reachLowerBound: optionalNumber(row.reach_lower_bound),
    reachUpperBound: optionalNumber(row.reach_upper_bound),
    channel: row.channel as CampaignItem['channel'],
    fundingOriginType: row.funding_origin_type as CampaignItem['fundingOriginType'],
    fundingRegion: row.funding_region as CampaignItem['fundingRegion'],
    campaignContextUrl: optionalText(row.campaign_context_url),
    campaignContextNoteNl: optionalText(row.campaign_context_note_nl),
    campaignContextNoteFr: optionalText(row.campaign_context_note_fr),
    payerName: optionalText(row.payer_name),
    payerLegalName: optionalText(row.payer_legal_name),
    payerEmail: optionalText(row.payer_email),
    payerAddress: optionalText(row.payer_address),
    payerEstablishment: optionalText(row.payer_establishment),
    ultimateBeneficiaryOwnerName: optionalText(row.ubo_name),
    ultimateBeneficiaryOwnerLegalName: optionalText(row.ubo_legal_name),
    ultimateBeneficiaryOwnerEmail: optionalText(row.ubo_email),
    ultimateBeneficiaryOwnerAddress: optionalText(row.ubo_address),
    ultimateBeneficiaryOwnerEstablishment: optionalText(row.ubo_establishment),
    amountsMethodology: optionalText(row.amounts_methodology),
    linkedProcessType: optional(row.linked_process_type) as CampaignItem['linkedProcessType'],
    linkedProcessName: optionalText(row.linked_process_name),
    linkedProcessDate: optionalText(row.linked_process_date),
    electionInfoUrl: optionalText(row.election_info_url),
    targetingUsed: row.targeting_used === null ? undefined : Number(row.targeting_used) === 1,
    targetingInfoUrl: optionalText(row.targeting_info_url),
    repositoryUrl: optionalText(row.repository_url),
    textLanguage: (optional(row.text_language) as CampaignItem['textLanguage']) ?? undefined,
    suspensions: row.suspensions ? (JSON.parse(row.suspensions) as CampaignItem['suspensions']) : undefined,
  }
  return Object.fromEntries(
    Object.entries(item).filter(([, v]) => v !== undefined),
  ) as unknown as CampaignItem
}

/** The published notice: its fields and its state (version, last change, withdrawal). */
function noticeFromRow(row: Row): Notice {
  const item = fromRow(row)
  return {
    ...item,
    // A notice imported before issue 18 may say "suspended before" without a date: that yes stands.
    previousPublicationSuspended:
      (item.suspensions?.length ?? 0) > 0 || Number(row.previous_publication_suspended) === 1,
    amountsCurrency: AMOUNTS_CURRENCY,
    version: Number(row.version),
    changedAt: row.changed_at ?? row.updated_at,
    ...(row.withdrawn_at
      ? { withdrawnAt: row.withdrawn_at, withdrawalReason: row.withdrawal_reason ?? '' }
      : {}),
  }
}

/** The fields in which two versions of a notice differ. */
function changedFields(before: CampaignItem, after: CampaignItem): (keyof CampaignItem)[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof CampaignItem>
  return [...keys].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).sort()
}

/**
 * The suspensions the complaint desk added (issue 18: "ad suspended", naming the complaint) are the site's
 * record, like a withdrawal: an import of the sponsor's file, which does not know them, keeps them.
 */
function withDeskSuspensions(imported: CampaignItem, before: CampaignItem): CampaignItem {
  const same = (a: Suspension, b: Suspension) => a.date === b.date && a.complaint === b.complaint
  const kept = (before.suspensions ?? []).filter(
    (suspension) => suspension.complaint && !(imported.suspensions ?? []).some((s) => same(s, suspension)),
  )
  if (kept.length === 0) return imported
  const suspensions = [...(imported.suspensions ?? []), ...kept].sort((a, b) => a.date.localeCompare(b.date))
  return { ...imported, suspensions }
}

/** Replaces a notice by its next version, keeping the one it replaces with the fields that changed. */
async function storeNewVersion(
  db: Executor,
  old: Row,
  row: ContentRow,
  fields: (keyof CampaignItem)[],
  now: string,
): Promise<number> {
  const version = Number(old.version)
  await db
    .insertInto('campaign_item_versions')
    .values({
      id: crypto.randomUUID(),
      campaign_id: old.id,
      version,
      content: JSON.stringify(fromRow(old)),
      changed: JSON.stringify(fields),
      replaced_at: now,
    })
    .execute()
  await db
    .updateTable('campaign_items')
    .set({ ...row, version: version + 1, changed_at: now })
    .where('id', '=', old.id)
    .execute()
  return version + 1
}

/**
 * Adds a dated suspension to a notice (issue 18: the desk's "ad suspended" outcome), in the caller's
 * transaction, as a new version kept like an import's. Answers the new version, or null for no such notice.
 */
export async function addSuspension(
  db: Executor,
  id: string,
  country: Country,
  suspension: Suspension,
  now: string,
): Promise<number | null> {
  const old = await rowOf(db, id, country)
  if (!old) return null
  const item = fromRow(old)
  const next = { ...item, suspensions: [...(item.suspensions ?? []), suspension] }
  return storeNewVersion(
    db,
    old,
    toRow(next, country, Number(old.is_sample) === 1, now),
    ['suspensions'],
    now,
  )
}

/** The version of a notice that was public at `at` (its first, when `at` is before any change). */
export async function versionAt(db: Executor, id: string, at: string): Promise<number> {
  const { n } = await db
    .selectFrom('campaign_item_versions')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('campaign_id', '=', id)
    .where('replaced_at', '<=', at)
    .executeTakeFirstOrThrow()
  return Number(n) + 1
}

/**
 * Inserts new notices and updates changed ones, in the caller's transaction (the import is all-or-nothing).
 * A changed notice keeps the version it replaces, with the fields that changed; an unchanged one is left
 * as it is, so re-importing the same file changes nothing (issue 18). The id says whether a notice is a
 * sample (`sample-…`, issue 26): a real notice never becomes one, and an export of a non-production site,
 * samples included, imports again without making its samples real.
 */
export async function upsertCampaigns(
  db: Executor,
  items: CampaignItem[],
  country: Country,
  now = new Date().toISOString(),
  /** Issue 27: the state and history an export carried, by id: restored for notices new to the database. */
  states: ReadonlyMap<string, NoticeState> = new Map(),
): Promise<{ added: number; changed: number; kept: number; withdrawn: number }> {
  let added = 0
  let changed = 0
  let kept = 0
  let withdrawn = 0
  for (let start = 0; start < items.length; start += 200) {
    const chunk = items.slice(start, start + 200)
    const existing = new Map(
      (
        await db
          .selectFrom('campaign_items')
          .selectAll()
          .where(
            'id',
            'in',
            chunk.map((item) => item.id),
          )
          .execute()
      ).map((row) => [row.id, row]),
    )
    const fresh: Row[] = []
    for (const imported of chunk) {
      const old = existing.get(imported.id)
      const state = states.get(imported.id)
      if (!old) {
        const row = toRow(imported, country, isSampleId(imported.id), now)
        fresh.push({
          ...row,
          version: state?.version ?? 1,
          changed_at: state?.changedAt ?? now,
          withdrawn_at: state?.withdrawnAt ?? null,
          withdrawal_reason: state?.withdrawnAt ? (state.withdrawalReason ?? '') : null,
        })
        if (state?.withdrawnAt) withdrawn++
        continue
      }
      // The file says the notice was withdrawn, and this database never saw that withdrawal: it follows.
      // (An import never reinstates: a withdrawal taken back here stays taken back.)
      if (
        state?.withdrawnAt &&
        old.withdrawn_at === null &&
        !(await knowsWithdrawal(db, old.id, state.withdrawnAt))
      ) {
        await withdrawCampaigns(db, [old.id], state.withdrawalReason ?? '', now, state.withdrawnAt)
        withdrawn++
      }
      const before = fromRow(old)
      const item = withDeskSuspensions(imported, before)
      const row = toRow(item, country, isSampleId(item.id), now)
      const fields = changedFields(before, fromRow(row))
      if (fields.length === 0) {
        // The notice reads the same: no version. Only where it shows (country, sample) may follow the file;
        // then it has changed for the export's readers (another country's list, or production's): `?since=`
        // must find it.
        if (old.country !== country || Number(old.is_sample) !== row.is_sample)
          await db
            .updateTable('campaign_items')
            .set({ country, is_sample: row.is_sample, changed_at: now })
            .where('id', '=', item.id)
            .execute()
        kept++
        continue
      }
      await storeNewVersion(db, old, row, fields, now)
      changed++
    }
    if (fresh.length > 0) {
      // A notice imported again under the id of a removed one is live again: its tombstone goes.
      await db
        .deleteFrom('campaign_item_tombstones')
        .where(
          'id',
          'in',
          fresh.map((row) => row.id),
        )
        .execute()
      await db.insertInto('campaign_items').values(fresh).execute()
      await restoreHistories(
        db,
        chunk.filter((item) => !existing.has(item.id)),
        states,
      )
    }
    added += fresh.length
  }
  return { added, changed, kept, withdrawn }
}

/** Whether a notice's history holds a withdrawal made at that moment (taken back or not). */
async function knowsWithdrawal(db: Executor, id: string, withdrawnAt: string): Promise<boolean> {
  const row = await db
    .selectFrom('campaign_item_withdrawals')
    .select('id')
    .where('campaign_id', '=', id)
    .where('withdrawn_at', '=', withdrawnAt)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * The earlier versions and withdrawals an export carried, for notices the import just added (issue 27): the
 * database then answers and exports them as the one the export came from did. A notice withdrawn in a file
 * without its history of withdrawals (an export of before) gets the one its fields name.
 */
async function restoreHistories(
  db: Executor,
  items: CampaignItem[],
  states: ReadonlyMap<string, NoticeState>,
) {
  for (const item of items) {
    const state = states.get(item.id)
    if (!state) continue
    const versions = [...(state.versions ?? [])].sort((a, b) => b.version - a.version)
    const contents = earlierContents(item, versions)
    if (versions.length > 0)
      await db
        .insertInto('campaign_item_versions')
        .values(
          versions.map((version, index) => ({
            id: crypto.randomUUID(),
            campaign_id: item.id,
            version: version.version,
            content: JSON.stringify(contents[index]),
            changed: JSON.stringify(version.changed),
            replaced_at: version.replacedAt,
          })),
        )
        .execute()
    const withdrawals =
      state.withdrawals ??
      (state.withdrawnAt ? [{ withdrawnAt: state.withdrawnAt, reason: state.withdrawalReason ?? '' }] : [])
    if (withdrawals.length > 0)
      await db
        .insertInto('campaign_item_withdrawals')
        .values(
          withdrawals.map((withdrawal) => ({
            id: crypto.randomUUID(),
            campaign_id: item.id,
            withdrawn_at: withdrawal.withdrawnAt,
            reason: withdrawal.reason,
            reinstated_at: withdrawal.reinstatedAt ?? null,
            reinstatement_reason: withdrawal.reinstatedAt ? (withdrawal.reinstatementReason ?? '') : null,
          })),
        )
        .execute()
  }
}

/**
 * Notices the export says the retention job removed (issue 27: `removed` of the JSON export), where this
 * database has neither the notice nor its tombstone: their tombstones, so their addresses answer 410 here too
 * and the next export lists them. Answers how many were added.
 */
export async function restoreTombstones(
  db: Executor,
  removed: readonly { id: string; removedAt: string }[],
  country: Country,
  isSample: boolean,
): Promise<number> {
  let restored = 0
  for (let start = 0; start < removed.length; start += 200) {
    const chunk = removed.slice(start, start + 200)
    const ids = chunk.map((entry) => entry.id)
    const known = new Set([
      ...(await db.selectFrom('campaign_items').select('id').where('id', 'in', ids).execute()).map(
        (r) => r.id,
      ),
      ...(await db.selectFrom('campaign_item_tombstones').select('id').where('id', 'in', ids).execute()).map(
        (r) => r.id,
      ),
    ])
    const fresh = chunk.filter((entry) => !known.has(entry.id))
    if (fresh.length > 0)
      await db
        .insertInto('campaign_item_tombstones')
        .values(
          fresh.map((entry) => ({
            id: entry.id,
            country,
            removed_at: entry.removedAt,
            is_sample: isSample ? 1 : 0,
          })),
        )
        .execute()
    restored += fresh.length
  }
  return restored
}

/**
 * Withdraws live notices, in the caller's transaction: they stay public, marked withdrawn, and the withdrawal
 * is kept for their history. Answers the ids it withdrew.
 */
export async function withdrawCampaigns(
  db: Executor,
  ids: string[],
  reason: string,
  now: string,
  /** When it was withdrawn, where that was elsewhere and earlier (an import following its file). */
  withdrawnAt = now,
) {
  const rows = await db
    .updateTable('campaign_items')
    .set({ withdrawn_at: withdrawnAt, withdrawal_reason: reason, changed_at: now })
    .where('id', 'in', ids.length > 0 ? ids : [''])
    .where('withdrawn_at', 'is', null)
    .returning('id')
    .execute()
  if (rows.length > 0)
    await db
      .insertInto('campaign_item_withdrawals')
      .values(
        rows.map((row) => ({
          id: crypto.randomUUID(),
          campaign_id: row.id,
          withdrawn_at: withdrawnAt,
          reason,
        })),
      )
      .execute()
  return rows.map((row) => row.id)
}

/**
 * Takes withdrawals back, in the caller's transaction: the notices are live again, and each withdrawal stays
 * in their history with the date and reason of its reinstatement. Answers the ids it reinstated.
 */
export async function reinstateCampaigns(db: Executor, ids: string[], reason: string, now: string) {
  const rows = await db
    .updateTable('campaign_items')
    .set({ withdrawn_at: null, withdrawal_reason: null, changed_at: now })
    .where('id', 'in', ids.length > 0 ? ids : [''])
    .where('withdrawn_at', 'is not', null)
    .returning('id')
    .execute()
  const reinstated = rows.map((row) => row.id)
  if (reinstated.length > 0)
    await db
      .updateTable('campaign_item_withdrawals')
      .set({ reinstated_at: now, reinstatement_reason: reason })
      .where('campaign_id', 'in', reinstated)
      .where('reinstated_at', 'is', null)
      .execute()
  return reinstated
}

/** A notice's withdrawals, newest first, each with its reinstatement once taken back. */
export async function withdrawalsOf(db: Executor, id: string): Promise<NoticeWithdrawal[]> {
  return (await historiesOf(db, [id])).get(id)?.withdrawals ?? []
}

type WithdrawalRow = Selectable<Database['campaign_item_withdrawals']>
const withdrawalOf = (row: WithdrawalRow): NoticeWithdrawal => ({
  withdrawnAt: row.withdrawn_at,
  reason: row.reason,
  ...(row.reinstated_at
    ? { reinstatedAt: row.reinstated_at, reinstatementReason: row.reinstatement_reason ?? '' }
    : {}),
})

type VersionRow = Pick<
  Selectable<Database['campaign_item_versions']>,
  'version' | 'replaced_at' | 'changed' | 'content'
>
function versionOf(row: VersionRow): NoticeVersion {
  const changed = JSON.parse(row.changed) as NoticeVersion['changed']
  const content = JSON.parse(row.content) as Partial<CampaignItem>
  return {
    version: Number(row.version),
    replacedAt: row.replaced_at,
    changed,
    // A changed field this version did not have (a payer named only later) is left out: it was absent.
    previous: Object.fromEntries(
      changed.flatMap((field) => (content[field] === undefined ? [] : [[field, content[field]]])),
    ),
  }
}

/**
 * The history of notices (issue 27: the open-data export carries it): for each id, its earlier versions and
 * its withdrawals, newest first. A few hundred ids a query.
 */
export async function historiesOf(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, { versions: NoticeVersion[]; withdrawals: NoticeWithdrawal[] }>> {
  const histories = new Map(
    ids.map((id) => [id, { versions: [] as NoticeVersion[], withdrawals: [] as NoticeWithdrawal[] }]),
  )
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500)
    const versions = await db
      .selectFrom('campaign_item_versions')
      .select(['campaign_id', 'version', 'replaced_at', 'changed', 'content'])
      .where('campaign_id', 'in', chunk)
      .orderBy('campaign_id')
      .orderBy('version', 'desc')
      .execute()
    for (const row of versions) histories.get(row.campaign_id)?.versions.push(versionOf(row))
    const withdrawals = await db
      .selectFrom('campaign_item_withdrawals')
      .selectAll()
      .where('campaign_id', 'in', chunk)
      .orderBy('campaign_id')
      .orderBy('withdrawn_at', 'desc')
      .execute()
    for (const row of withdrawals) histories.get(row.campaign_id)?.withdrawals.push(withdrawalOf(row))
  }
  return histories
}

/**
 * A notice's earlier versions, newest first, with what the next one changed and what each of those fields
 * said in this version (the page's "was: …", the API's `previous`).
 */
export async function versionsOf(db: Executor, id: string): Promise<NoticeVersion[]> {
  return (await historiesOf(db, [id])).get(id)?.versions ?? []
}

/**
 * The visitor's text as the list filters on it: trimmed and lower-cased as `search_text` is, LIKE wildcards
 * dropped (both databases then read it literally). Two texts with one needle have one answer.
 */
export function searchNeedle(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, '')
}

/** SQLite reads a text of three characters or more from the FTS5 trigram table of migration 016. */
const fromTextIndex = (dialect: Dialect, needle: string) => dialect === 'sqlite' && [...needle].length >= 3

/**
 * Notices whose `search_text` holds the needle, from the substring index of migration 016 once the needle
 * has three characters (below that, no index helps: every notice is read, as before). SQLite: a phrase of
 * the FTS5 trigram table, which matches exactly the substrings (the trigrams in a row, case folded as
 * `search_text` already is; nothing to re-read). PostgreSQL: `LIKE`, which the planner answers from the
 * pg_trgm GIN index when that is cheaper than reading the notices. The political-ads service filters texts in
 * memory (`campaign-text-index.ts`) and leaves them to this only above 100,000 notices.
 */
function substringMatch(dialect: Dialect, needle: string) {
  if (fromTextIndex(dialect, needle))
    return sql<boolean>`campaign_items.rowid in (select rowid from campaign_items_search where campaign_items_search match ${`"${needle.replaceAll('"', '""')}"`})`
  return sql<boolean>`campaign_items.search_text like ${`%${needle}%`}`
}

/** The first day a period filter covers (a notice published until then or later overlaps it), or null for ALL. */
export function periodStart(period: CampaignFilter['periodFilter'], today: string): string | null {
  if (period === 'ALL') return null
  return new Date(Date.parse(`${today}T00:00:00Z`) - PERIOD_DAYS[period] * 86_400_000)
    .toISOString()
    .slice(0, 10)
}

type CampaignQuery<O> = SelectQueryBuilder<Database, 'campaign_items', O>

/**
 * Spec §7 list: newest first, narrowed by period (publication overlapping the last N days), channel and text,
 * with how many match in all, in one statement.
 */
export async function listCampaigns(
  db: Executor,
  dialect: Dialect,
  options: {
    country: Country
    includeSamples: boolean
    filter: CampaignFilter
    today: string
    limit?: number
    offset?: number
    /** The open-data export: live and withdrawn notices alike, and only those changed since `since`. */
    everyState?: boolean
    since?: string
  },
): Promise<{ items: Notice[]; total: number }> {
  const { periodFilter, channelFilter, textFilter } = options.filter
  const needle = searchNeedle(textFilter)
  const since = periodStart(periodFilter, options.today)
  const matching = <O>(query: CampaignQuery<O>): CampaignQuery<O> => {
    // Every notice is of one of two countries: with the text index at hand, SQLite must start from the
    // matching notices, not walk the whole country (`+` keeps a column out of index lookups).
    const country = fromTextIndex(dialect, needle) ? sql<string>`+campaign_items.country` : sql.ref('country')
    let narrowed = query.where(country, '=', options.country)
    if (!options.includeSamples) narrowed = narrowed.where('is_sample', '=', 0)
    if (!options.everyState)
      narrowed = narrowed.where('withdrawn_at', options.filter.withdrawn ? 'is not' : 'is', null)
    if (options.since) narrowed = narrowed.where('changed_at', '>=', options.since)
    if (since)
      narrowed = narrowed
        .where('publication_end_date', '>=', since)
        .where('publication_start_date', '<=', options.today)
    if (channelFilter !== 'ALL') narrowed = narrowed.where('channel', '=', channelFilter)
    if (needle) narrowed = narrowed.where(substringMatch(dialect, needle))
    return narrowed
  }
  const count = (from: Executor) =>
    matching(from.selectFrom('campaign_items')).select((eb) => eb.fn.countAll<string | number>().as('n'))
  const offset = options.offset ?? 0
  const limit = options.limit ?? 100
  const rows = needle
    ? // A text search reads its matches once: it counts them while it orders their ids, then reads the
      // page's notices only.
      await db
        .selectFrom(
          matching(db.selectFrom('campaign_items'))
            .select(['id', (eb) => eb.fn.countAll<string | number>().over().as('total')])
            .orderBy('publication_start_date', 'desc')
            .orderBy('id')
            .limit(limit)
            .offset(offset)
            .as('page'),
        )
        .innerJoin('campaign_items', 'campaign_items.id', 'page.id')
        .selectAll('campaign_items')
        .select('page.total')
        .orderBy('campaign_items.publication_start_date', 'desc')
        .orderBy('campaign_items.id')
        .execute()
    : // The newest notices come in order from the list index, which also counts them all (migration 016).
      await matching(db.selectFrom('campaign_items'))
        .selectAll()
        // Uncorrelated: both databases count once per statement, not per row.
        .select(count(db).as('total'))
        .orderBy('publication_start_date', 'desc')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute()
  const total =
    rows[0] !== undefined
      ? Number(rows[0].total)
      : offset > 0
        ? Number((await count(db).executeTakeFirstOrThrow()).n)
        : 0
  return { items: rows.map(noticeFromRow), total }
}

/** What the list's filters read of a notice: the text index of the political-ads service holds these. */
export interface SearchEntry {
  id: string
  country: Country
  isSample: boolean
  withdrawn: boolean
  start: string
  end: string
  channel: string
  text: string
}

/**
 * Every notice's filter columns, newest first as the list orders them; null when there are more than `most`
 * (the caller then leaves the filtering to the database).
 */
export async function searchEntries(db: Executor, most: number): Promise<SearchEntry[] | null> {
  const rows = await db
    .selectFrom('campaign_items')
    .select([
      'id',
      'country',
      'is_sample',
      'withdrawn_at',
      'publication_start_date',
      'publication_end_date',
      'channel',
      'search_text',
    ])
    .orderBy('publication_start_date', 'desc')
    .orderBy('id')
    .limit(most + 1)
    .execute()
  if (rows.length > most) return null
  return rows.map((row) => ({
    id: row.id,
    country: row.country as Country,
    isSample: row.is_sample === 1,
    withdrawn: row.withdrawn_at !== null,
    start: row.publication_start_date,
    end: row.publication_end_date,
    channel: row.channel,
    text: row.search_text,
  }))
}

/** The notices with these ids, in the order of `ids` (one that has gone since is left out). */
export async function campaignsByIds(db: Executor, ids: readonly string[]): Promise<Notice[]> {
  if (ids.length === 0) return []
  const rows = await db.selectFrom('campaign_items').selectAll().where('id', 'in', ids).execute()
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    return row ? [noticeFromRow(row)] : []
  })
}

export async function findCampaign(db: Executor, id: string, country: Country, includeSamples: boolean) {
  let query = db.selectFrom('campaign_items').selectAll().where('id', '=', id).where('country', '=', country)
  if (!includeSamples) query = query.where('is_sample', '=', 0)
  const row = await query.executeTakeFirst()
  return row ? noticeFromRow(row) : null
}

/** A notice's row whatever its state (samples and withdrawn ones too). */
function rowOf(db: Executor, id: string, country: Country) {
  return db
    .selectFrom('campaign_items')
    .selectAll()
    .where('id', '=', id)
    .where('country', '=', country)
    .executeTakeFirst()
}

/** A notice whatever its state (samples and withdrawn ones too): the complaint desk names its sponsor. */
export async function findCampaignAnyState(db: Executor, id: string, country: Country) {
  const row = await rowOf(db, id, country)
  return row ? noticeFromRow(row) : null
}

/** Where a removed notice is looked up: its country, and whether samples show on this host. */
interface TombstoneScope {
  country: Country
  includeSamples: boolean
}

/** Notices the retention job removed (issue 18), oldest removal first; with `since`, those removed since. */
export async function removedNotices(
  db: Executor,
  scope: TombstoneScope & { since?: string },
): Promise<{ id: string; removedAt: string }[]> {
  let query = db
    .selectFrom('campaign_item_tombstones')
    .select(['id', 'removed_at'])
    .where('country', '=', scope.country)
  if (!scope.includeSamples) query = query.where('is_sample', '=', 0)
  if (scope.since) query = query.where('removed_at', '>=', scope.since)
  const rows = await query.orderBy('removed_at').orderBy('id').execute()
  return rows.map((row) => ({ id: row.id, removedAt: row.removed_at }))
}

/** When the retention job removed this notice, or null when it never did. */
export async function removedAt(db: Executor, id: string, scope: TombstoneScope): Promise<string | null> {
  let query = db
    .selectFrom('campaign_item_tombstones')
    .select('removed_at')
    .where('id', '=', id)
    .where('country', '=', scope.country)
  if (!scope.includeSamples) query = query.where('is_sample', '=', 0)
  return (await query.executeTakeFirst())?.removed_at ?? null
}
