import type { Kysely, Selectable, Transaction } from 'kysely'
import type { CampaignItem } from '#shared/political-ads.ts'
import type { Country } from '#shared/site.ts'
import type { Database } from './schema'

type Executor = Kysely<Database> | Transaction<Database>

/** Issue 29: a state a notice took, as the journal holds it (migration 021). */
export interface JournalEntry {
  campaignId: string
  version: number
  changedAt: string
  withdrawnAt: string | null
  withdrawalReason: string | null
}

/**
 * The states real notices of a country took in [from, to): per notice and version the last one, in the
 * order they happened. Samples are never archived.
 */
export async function journalBetween(
  db: Executor,
  country: Country,
  from: string,
  to: string,
): Promise<JournalEntry[]> {
  const rows = await db
    .selectFrom('notice_journal')
    .selectAll()
    .where('country', '=', country)
    .where('is_sample', '=', 0)
    .where('changed_at', '>=', from)
    .where('changed_at', '<', to)
    .orderBy('id')
    .execute()
  const last = new Map<string, JournalEntry>()
  for (const row of rows) {
    const key = `${row.campaign_id}\u0000${row.version}`
    last.delete(key)
    last.set(key, {
      campaignId: row.campaign_id,
      version: Number(row.version),
      changedAt: row.changed_at,
      withdrawnAt: row.withdrawn_at,
      withdrawalReason: row.withdrawal_reason,
    })
  }
  return [...last.values()]
}

/** The first moment the journal holds for a country's real notices, or null. */
export async function firstJournalMoment(db: Executor, country: Country): Promise<string | null> {
  const row = await db
    .selectFrom('notice_journal')
    .select((eb) => eb.fn.min('changed_at').as('first'))
    .where('country', '=', country)
    .where('is_sample', '=', 0)
    .executeTakeFirst()
  return (row?.first as string | null | undefined) ?? null
}

/** The content of an earlier version of a notice (issue 18's `campaign_item_versions`), or null. */
export async function earlierVersion(
  db: Executor,
  id: string,
  version: number,
): Promise<CampaignItem | null> {
  const row = await db
    .selectFrom('campaign_item_versions')
    .select('content')
    .where('campaign_id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst()
  return row ? (JSON.parse(row.content) as CampaignItem) : null
}

export interface ArchiveDay {
  country: Country
  day: string
  file: string
  content: string
  sha256: string
  previous: string
  entryHash: string
  lines: number
  writtenAt: string
}

const toDay = (row: Selectable<Database['notice_archive']>): ArchiveDay => ({
  country: row.country as Country,
  day: row.day,
  file: row.file,
  content: row.content,
  sha256: row.sha256,
  previous: row.previous,
  entryHash: row.entry_hash,
  lines: Number(row.lines),
  writtenAt: row.written_at,
})

/** A country's last archived day (its entry hash is the next one's `previous`), or null. */
export async function lastArchiveDay(
  db: Executor,
  country: Country,
): Promise<Pick<ArchiveDay, 'day' | 'entryHash'> | null> {
  const row = await db
    .selectFrom('notice_archive')
    .select(['day', 'entry_hash'])
    .where('country', '=', country)
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row ? { day: row.day, entryHash: row.entry_hash } : null
}

/** Writes a day's file; the database refuses a second one for the same country and day. */
export async function insertArchiveDay(db: Executor, day: ArchiveDay): Promise<void> {
  await db
    .insertInto('notice_archive')
    .values({
      country: day.country,
      day: day.day,
      file: day.file,
      content: day.content,
      sha256: day.sha256,
      previous: day.previous,
      entry_hash: day.entryHash,
      lines: day.lines,
      written_at: day.writtenAt,
    })
    .execute()
}

/** Every archived day of a country, oldest first, without the files themselves. */
export async function archiveManifest(
  db: Executor,
  country: Country,
): Promise<Pick<ArchiveDay, 'day' | 'file' | 'sha256' | 'previous'>[]> {
  return db
    .selectFrom('notice_archive')
    .select(['day', 'file', 'sha256', 'previous'])
    .where('country', '=', country)
    .orderBy('day')
    .execute()
}

export async function archiveDay(db: Executor, country: Country, day: string): Promise<ArchiveDay | null> {
  const row = await db
    .selectFrom('notice_archive')
    .selectAll()
    .where('country', '=', country)
    .where('day', '=', day)
    .executeTakeFirst()
  return row ? toDay(row) : null
}

/** Journal entries before `before` are no longer needed once their days are archived. */
export async function pruneJournal(db: Executor, before: string): Promise<void> {
  await db.deleteFrom('notice_journal').where('changed_at', '<', before).execute()
}

/** Records that a registered system took this version of a notice (the first time counts). */
export async function recordRepositoryExport(
  db: Executor,
  export_: { campaignId: string; version: number; clientId: string; at: string },
): Promise<void> {
  await db
    .insertInto('notice_repository_exports')
    .values({
      campaign_id: export_.campaignId,
      version: export_.version,
      client_id: export_.clientId,
      exported_at: export_.at,
    })
    .onConflict((oc) => oc.columns(['campaign_id', 'version']).doNothing())
    .execute()
}

/**
 * Live real notices of a country whose current version no registered system took, though it is due: its
 * publication started on or before `startedBy` and it changed last at or before `changedBy`. Earliest first,
 * at most `limit`, with how many there are in all.
 */
export async function unexportedNotices(
  db: Executor,
  country: Country,
  due: { startedBy: string; changedBy: string },
  limit: number,
): Promise<{ rows: { id: string; version: number; sponsorName: string; start: string }[]; total: number }> {
  const query = db
    .selectFrom('campaign_items as c')
    .where('c.country', '=', country)
    .where('c.is_sample', '=', 0)
    .where('c.withdrawn_at', 'is', null)
    .where('c.publication_start_date', '<=', due.startedBy)
    .where('c.changed_at', '<=', due.changedBy)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('notice_repository_exports as e')
            .select('e.campaign_id')
            .whereRef('e.campaign_id', '=', 'c.id')
            .whereRef('e.version', '=', 'c.version'),
        ),
      ),
    )
  const { n } = await query
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()
  const rows = await query
    .select(['c.id', 'c.version', 'c.sponsor_name', 'c.publication_start_date'])
    .orderBy('c.publication_start_date')
    .orderBy('c.id')
    .limit(limit)
    .execute()
  return {
    total: Number(n),
    rows: rows.map((row) => ({
      id: row.id,
      version: Number(row.version),
      sponsorName: row.sponsor_name,
      start: row.publication_start_date,
    })),
  }
}
