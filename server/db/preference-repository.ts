import type { Kysely, Transaction } from 'kysely'
import type { SuppressionChannel } from '#shared/privacy-rights/request.ts'
import type { Country } from '#shared/site.ts'
import type { Database } from './schema'

type Executor = Kysely<Database> | Transaction<Database>

/** Issue 28: a preference centre's link, for one address of one country. */
export interface PreferenceLink {
  email: string
  country: Country
  language: 'nl' | 'fr'
  expiresAt: string
}

export async function insertPreferenceToken(
  db: Executor,
  token: PreferenceLink & { hash: string; createdAt: string },
) {
  await db
    .insertInto('preference_tokens')
    .values({
      token_hash: token.hash,
      email: token.email,
      country: token.country,
      language: token.language,
      created_at: token.createdAt,
      expires_at: token.expiresAt,
    })
    .execute()
}

/** The link of a token that still works at `now`, or null. */
export async function findPreferenceToken(
  db: Executor,
  hash: string,
  now: string,
): Promise<PreferenceLink | null> {
  const row = await db
    .selectFrom('preference_tokens')
    .selectAll()
    .where('token_hash', '=', hash)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return row
    ? {
        email: row.email,
        country: row.country as Country,
        language: row.language as 'nl' | 'fr',
        expiresAt: row.expires_at,
      }
    : null
}

/** Lapsed links: nothing reads them any more (the retention job). */
export async function deleteExpiredPreferenceTokens(db: Executor, now: string) {
  const result = await db.deleteFrom('preference_tokens').where('expires_at', '<=', now).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** A suppression that stops marketing to the reader, with its request and its first confirmation by a brand. */
export interface ReaderStop {
  brandKey: string
  channel: SuppressionChannel
  createdAt: string
  reference: string | null
  appliedAt: string | null
  phoneNumber: string | null
}

/**
 * The reader's stops in a country: e-mail suppressions of their address, and every suppression of an objection
 * they made with that address (their calls and post too). Optionally also the stops of a phone number.
 */
export async function readerStops(
  db: Executor,
  reader: { email: string; country: Country; phoneNumber?: string | null },
): Promise<ReaderStop[]> {
  const rows = await db
    .selectFrom('marketing_suppressions as s')
    .innerJoin('privacy_requests as r', 'r.id', 's.request_id')
    .select((eb) => [
      's.brand_key',
      's.channel',
      's.created_at',
      's.phone_number',
      'r.reference',
      eb
        .selectFrom('suppression_applied as a')
        .select((inner) => inner.fn.min('a.applied_at').as('first'))
        .whereRef('a.suppression_id', '=', 's.id')
        .as('applied_at'),
    ])
    .where('s.country', '=', reader.country)
    .where((eb) =>
      eb.or([
        eb('s.email', '=', reader.email),
        eb('r.email', '=', reader.email),
        ...(reader.phoneNumber ? [eb('s.phone_number', '=', reader.phoneNumber)] : []),
      ]),
    )
    .orderBy('s.seq')
    .execute()
  return rows.map((row) => ({
    brandKey: row.brand_key,
    channel: row.channel as SuppressionChannel,
    createdAt: row.created_at,
    reference: row.reference,
    appliedAt: (row.applied_at as string | null) ?? null,
    phoneNumber: row.phone_number,
  }))
}
