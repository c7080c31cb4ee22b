/**
 * The data the bench loads before it starts a server, written through the repositories and services the
 * server itself uses: privacy requests for the desk, suppressions for the feed, political-ad notices, and
 * queued mails for the outbox.
 */

import { BRANDS } from '#server/brands.ts'
import { migrate, openDatabase } from '#server/db/database.ts'
import { enqueueMail, outboxCounts } from '#server/db/outbox-repository.ts'
import { insertSuppressions, requestInsert } from '#server/db/privacy-request-repository.ts'
import { createApiClientService } from '#server/services/api-clients.ts'
import { importCampaigns } from '#server/services/campaign-import.ts'
import { normalise } from '#server/services/request-intake.ts'

const LOCAL_SITE = {
  host: 'nl.localhost',
  country: 'NL',
  environment: 'local',
  toggles: {} as never,
  origin: 'http://nl.localhost',
} as const

async function withDatabase<T>(
  url: string,
  root: string,
  work: (db: ReturnType<typeof openDatabase>) => Promise<T>,
) {
  const db = openDatabase(url, root)
  try {
    await migrate(db.db, db.dialect)
    return await work(db)
  } finally {
    await db.close()
  }
}

/** Issue 16: `count` requests over a year, every status and flow, 4,000 distinct addresses. */
export function seedDeskRequests(url: string, root: string, count: number): Promise<void> {
  const statuses = [
    'open',
    'open',
    'extended',
    'completed',
    'rejected',
    'pending',
    'expired',
    'executed',
  ] as const
  const flows = ['RIGHT_OF_ACCESS', 'RIGHT_TO_BE_FORGOTTEN', 'RECTIFICATION', 'OBJECTION'] as const
  const now = Date.now()
  return withDatabase(url, root, (db) =>
    db.db.transaction().execute(async (trx) => {
      for (let i = 0; i < count; i++) {
        const created = new Date(now - (i % 365) * 86_400_000 - i * 1000)
        const status = statuses[i % statuses.length] ?? 'open'
        const due =
          status === 'open' || status === 'extended' ? new Date(created.getTime() + 31 * 86_400_000) : null
        await requestInsert(trx, {
          ...normalise(
            {
              flowType: flows[i % flows.length] ?? 'RIGHT_OF_ACCESS',
              country: 'NL',
              language: 'nl',
              email: `r${i % 4000}@example.nl`,
            },
            LOCAL_SITE,
            created,
          ),
          status,
          dueAt: due?.toISOString() ?? null,
          reference: `NL-${created.toISOString().slice(2, 10).replace(/-/g, '')}-${i.toString(32).toUpperCase().padStart(5, 'W')}`,
        }).execute()
      }
    }),
  )
}

/** Issue 17: `count` e-mail suppressions of one executed objection, and a brand system that may read them. */
export function seedSuppressions(url: string, root: string, count: number): Promise<string> {
  return withDatabase(url, root, async (db) => {
    const { secret } = await createApiClientService({ db, brands: BRANDS }).add({
      name: 'Bench',
      country: 'NL',
    })
    const request = normalise(
      { flowType: 'OBJECTION', country: 'NL', language: 'nl', phoneNumber: '+31612345678', brands: ['AD'] },
      LOCAL_SITE,
      new Date(),
    )
    await requestInsert(db.db, { ...request, status: 'executed', reference: 'NL-261124-BENCH' }).execute()
    for (let start = 0; start < count; start += 1000) {
      await db.db.transaction().execute((trx) =>
        insertSuppressions(
          trx,
          Array.from({ length: Math.min(1000, count - start) }, (_, i) => ({
            channel: 'EMAIL' as const,
            brandKey: ['AD', 'TROUW', 'VK', 'PAROOL'][i % 4] ?? 'AD',
            country: 'NL' as const,
            email: `reader${start + i}@example.nl`,
            phoneNumber: null,
            postalAddress: null,
            requestId: request.id,
          })),
          new Date().toISOString(),
        ),
      )
    }
    return secret
  })
}

/** Words the notices are about; a text query names one of them with a notice's number. */
export const CAMPAIGN_WORDS = [
  'wonen',
  'energie',
  'klimaat',
  'onderwijs',
  'mobiliteit',
  'zorg',
  'veiligheid',
  'europa',
] as const

/** Issue 7: `count` Dutch notices over three years, every channel, imported as `npm run campaigns:import` does. */
export async function seedCampaigns(url: string, root: string, count: number): Promise<void> {
  const channels = ['PRINT', 'DIGITAL', 'TV', 'RADIO'] as const
  const words = CAMPAIGN_WORDS
  const rows = Array.from({ length: count }, (_, i) => {
    const start = new Date(Date.UTC(2024, 0, 1) + (i % 1050) * 86_400_000).toISOString().slice(0, 10)
    const end = new Date(Date.parse(start) + (7 + (i % 60)) * 86_400_000).toISOString().slice(0, 10)
    return {
      id: `bench-${i}`,
      status: i % 3 === 0 ? 'STOPPED' : 'RUNNING',
      sponsorName: `Stichting ${words[i % words.length]} ${i}`,
      // What the regulation makes mandatory (issue 18): the sponsor's e-mail, the amounts' methodology and,
      // for a digital ad, whether targeting was used.
      sponsorEmail: `info@sponsor-${i}.example`,
      amountsMethodology: 'Gefactureerde bedragen, exclusief btw.',
      ...(channels[i % 4] === 'DIGITAL' ? { targetingUsed: false } : {}),
      publicationStartDate: start,
      publicationEndDate: end,
      budgetLowerBound: 1000 + (i % 50) * 100,
      budgetUpperBound: 10_000 + (i % 50) * 1000,
      channel: channels[i % 4],
      fundingOriginType: i % 2 ? 'PRIVATE' : 'PUBLIC',
      fundingRegion: 'EU',
      campaignContextNoteNl: `Campagne over ${words[(i + 3) % words.length]} in de regio.`,
    }
  })
  const report = await withDatabase(url, root, (db) => importCampaigns(db, rows, { country: 'NL' }))
  if (report.loaded !== count) throw new Error(`The campaign fixture did not load: ${JSON.stringify(report)}`)
}

/**
 * `count` mails waiting in the outbox, each to its own address, the size of a verification mail (a short text
 * part and an HTML part of a few kB), as the request services queue them.
 */
export function seedMails(url: string, root: string, count: number): Promise<void> {
  const paragraph =
    'Je hebt via privacy.dpgmedia.nl een verzoek gedaan. Bevestig je e-mailadres met de knop hieronder; de link werkt 72 uur. '
  const text = `Beste lezer,\n\n${paragraph.repeat(4)}\n\nhttps://privacy.dpgmedia.nl/nl/verify-email?token=${'x'.repeat(43)}\n\nDPG Media Privacy`
  const html = `<!doctype html><html lang="nl"><body style="font-family:Arial,sans-serif">${`<p style="margin:0 0 16px">${paragraph}</p>`.repeat(12)}<p><a href="https://privacy.dpgmedia.nl/nl/verify-email?token=${'x'.repeat(43)}">Bevestigen</a></p></body></html>`
  const now = new Date().toISOString()
  return withDatabase(url, root, async (db) => {
    for (let start = 0; start < count; start += 500) {
      await db.db.transaction().execute(async (trx) => {
        for (let i = start; i < Math.min(count, start + 500); i++) {
          await enqueueMail(
            trx,
            {
              kind: 'verification',
              aboutId: null,
              to: `reader${i}@example.nl`,
              subject: 'Bevestig je e-mailadres',
              text,
              html,
            },
            now,
          )
        }
      })
    }
  })
}

/** Mails still waiting (neither sent nor given up on). */
export function queuedMails(url: string, root: string): Promise<number> {
  return withDatabase(url, root, async (db) => (await outboxCounts(db.db)).queued)
}

/** After the submit target: the requests stored and the mails written for them (sent or waiting). */
export function storedRequests(url: string, root: string): Promise<{ requests: number; mails: number }> {
  return withDatabase(url, root, async (db) => {
    const count = async (table: 'privacy_requests' | 'mail_outbox') =>
      Number(
        (
          await db.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    return { requests: await count('privacy_requests'), mails: await count('mail_outbox') }
  })
}

/** Issue 25: a Dutch brand system that takes tasks (access answers with files); answers its secret. */
export function seedTaskClient(url: string, root: string): Promise<string> {
  return withDatabase(url, root, async (db) => {
    const clients = createApiClientService({ db, brands: BRANDS })
    return (await clients.add({ name: 'Bench packages', country: 'NL', brands: ['AD'], tasks: true })).secret
  })
}
