import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, migrate, openDatabase } from '#server/db/database.ts'
import { findByReference, requestInsert } from '#server/db/privacy-request-repository.ts'
import { withFreshReference } from '#server/db/references.ts'
import { eventInsert } from '#server/db/timeline-repository.ts'
import { insertWithMails } from '#server/db/unit-of-work.ts'
import { tokenInsert } from '#server/db/verification-token-repository.ts'
import { normalise } from '#server/services/request-intake.ts'
import { togglesFrom } from '#shared/site.ts'
import { DATABASES, ROOT, testDatabaseUrl } from '../support/app'

const SITE = {
  host: 'privacy.dpgmedia.nl',
  country: 'NL',
  environment: 'production',
  toggles: togglesFrom([]),
  origin: 'https://privacy.dpgmedia.nl',
} as const
const NOW = new Date('2026-11-24T10:00:00.000Z')

/** A new request as the submit stores it: the row, its first timeline entry and a verification token. */
function pendingRequest(email: string) {
  return normalise({ flowType: 'RIGHT_OF_ACCESS', country: 'NL', language: 'nl', email }, SITE, NOW)
}

const mail = (to: string, aboutId: string) => ({
  kind: 'verification',
  aboutId,
  to,
  subject: 'Bevestig uw verzoek',
  text: 'link',
  html: '<p>link</p>',
})

describe.each(DATABASES)('what the forms store, on %s', (kind) => {
  let db: Db
  beforeAll(async () => {
    db = openDatabase(await testDatabaseUrl(kind), ROOT)
    await migrate(db.db, db.dialect)
  })
  afterAll(() => db.close())

  const count = async (
    table: 'privacy_requests' | 'mail_outbox' | 'verification_tokens' | 'request_events',
  ) =>
    Number(
      (
        await db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  const store = (email: string, reference: string) => {
    const request = { ...pendingRequest(email), reference }
    return insertWithMails(
      db,
      NOW.toISOString(),
      [
        requestInsert(db.db, request),
        eventInsert(db.db, 'request', request.id, { kind: 'received', occurredAt: NOW.toISOString() }),
        tokenInsert(db.db, { hash: `hash-${request.id}`, requestId: request.id, expiresAt: '2026-11-27' }),
      ],
      [mail(email, request.id)],
    )
  }

  it('stores a request, its timeline, its token and its mail together', async () => {
    await store('together@example.com', 'NL-261124-AAAAA')
    const stored = await findByReference(db.db, 'NL-261124-AAAAA')
    expect(stored?.email).toBe('together@example.com')
    const mails = await db.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('about_id', '=', stored?.id ?? '')
      .execute()
    expect(mails.map((row) => row.to_address)).toEqual(['together@example.com'])
  })

  it('takes another reference when the database refuses a taken one, and stores the request once', async () => {
    await store('first@example.com', 'NL-261124-BBBBB')
    const before = await Promise.all([
      count('privacy_requests'),
      count('mail_outbox'),
      count('request_events'),
    ])
    const tried: string[] = []
    const candidates = ['NL-261124-BBBBB', 'NL-261124-CCCCC']
    const reference = await withFreshReference(
      'NL',
      NOW,
      async (candidate) => {
        tried.push(candidate)
        await store('second@example.com', candidate)
        return candidate
      },
      () => candidates.shift() ?? 'none',
    )
    expect(tried).toEqual(['NL-261124-BBBBB', 'NL-261124-CCCCC'])
    expect(reference).toBe('NL-261124-CCCCC')
    // The refused attempt left nothing behind: one request, one event, one mail more.
    const after = await Promise.all([
      count('privacy_requests'),
      count('mail_outbox'),
      count('request_events'),
    ])
    expect(after).toEqual(before.map((n) => n + 1))
    expect((await findByReference(db.db, 'NL-261124-BBBBB'))?.email).toBe('first@example.com')
    expect((await findByReference(db.db, 'NL-261124-CCCCC'))?.email).toBe('second@example.com')
  })

  it('gives up after ten taken references, and never retries another refusal', async () => {
    await store('taken@example.com', 'NL-261124-DDDDD')
    let attempts = 0
    await expect(
      withFreshReference(
        'NL',
        NOW,
        () => {
          attempts++
          return store('again@example.com', 'NL-261124-DDDDD')
        },
        () => 'NL-261124-DDDDD',
      ),
    ).rejects.toThrow()
    expect(attempts).toBe(10)

    attempts = 0
    await expect(
      withFreshReference('NL', NOW, () => {
        attempts++
        throw new Error('not a reference')
      }),
    ).rejects.toThrow('not a reference')
    expect(attempts).toBe(1)
  })

  it('stores nothing when one of the rows is refused: not the request, not its mail', async () => {
    const before = await Promise.all([
      count('privacy_requests'),
      count('mail_outbox'),
      count('verification_tokens'),
    ])
    const request = { ...pendingRequest('refused@example.com'), reference: 'NL-261124-EEEEE' }
    await expect(
      insertWithMails(
        db,
        NOW.toISOString(),
        [
          requestInsert(db.db, request),
          // A token for a request that does not exist: the foreign key refuses it.
          tokenInsert(db.db, { hash: 'orphan', requestId: 'no-such-request', expiresAt: '2026-11-27' }),
        ],
        [mail('refused@example.com', request.id)],
      ),
    ).rejects.toThrow()
    expect(await findByReference(db.db, 'NL-261124-EEEEE')).toBeNull()
    expect(
      await Promise.all([count('privacy_requests'), count('mail_outbox'), count('verification_tokens')]),
    ).toEqual(before)
  })
})
