import { randomBytes } from 'node:crypto'
import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import { BRANDS } from '#server/brands.ts'
import { type Db, migrate } from '#server/db/database.ts'
import type { Database } from '#server/db/schema.ts'
import { memoryRateLimitStore } from '#server/rate-limit-store.ts'
import { createApiClientService } from '#server/services/api-clients.ts'
import type { DeskActor, DeskDeps } from '#server/services/desk-request.ts'
import { createFileStore } from '#server/services/file-store.ts'
import { recipientMailLimit } from '#server/services/recipient-limit.ts'
import { confirmRequest } from '#server/services/request-confirmation.ts'
import type { PrivacyRequestDeps } from '#server/services/request-deps.ts'
import { submitRequest } from '#server/services/request-submission.ts'
import type { FlowType } from '#shared/privacy-rights/request.ts'
import { type Country, type Site, togglesFrom } from '#shared/site.ts'

export const MAILBOX = { NL: 'privacy-nl@desk.test', BE: 'privacy-be@desk.test' } as const
export const DAY_MS = 86_400_000
export const HOUR_MS = 3_600_000
export const TTL_HOURS = 72

/** The privacy team's member of the service tests: both countries. */
export const LISA: DeskActor = {
  subject: 'sub-lisa',
  issuer: 'test',
  email: 'lisa.desk@dpgmedia.nl',
  name: 'Lisa Desk',
  countries: ['NL', 'BE'],
}

let schema: Buffer | null = null
/** An in-memory database with every migration: migrated once per test file, then copied. */
async function migrated(): Promise<SQLite.Database> {
  if (!schema) {
    const first = new SQLite(':memory:')
    await migrate(new Kysely<Database>({ dialect: new SqliteDialect({ database: first }) }), 'sqlite')
    schema = first.serialize()
  }
  const sqlite = new SQLite(schema)
  sqlite.pragma('foreign_keys = ON')
  return sqlite
}

const site = (country: Country): Site => ({
  host: `privacy.dpgmedia.${country.toLowerCase()}`,
  country,
  environment: 'production',
  toggles: togglesFrom([]),
  origin: `https://privacy.dpgmedia.${country.toLowerCase()}`,
})

/**
 * Issue 31: the desk's use cases without HTTP. An in-memory SQLite database with every migration, the
 * injected clock, and the public request flow's own functions to make requests: no router, no SMTP, no
 * worker (`sendOutbox` marks queued mails sent, as the outbox worker would).
 */
export async function memoryDesk(start: Date) {
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: await migrated() }) })
  const db: Db = { db: kysely, dialect: 'sqlite', compact: async () => {}, close: () => kysely.destroy() }
  let now = start
  const clock = () => now
  const mailLimit = recipientMailLimit(memoryRateLimitStore({ now: () => now.getTime() }), 3)
  const deskOrigin = (country: Country) => `https://${country.toLowerCase()}.localhost`
  const deps: DeskDeps = {
    db,
    brands: BRANDS,
    privacyMailbox: MAILBOX,
    deskOrigin,
    publicOrigin: (country) => site(country).origin,
    verificationTtlHours: TTL_HOURS,
    accessPackageDays: 30,
    files: createFileStore({ db, key: randomBytes(32), clock }),
    mailLimit,
    clock,
  }
  const intake: PrivacyRequestDeps = {
    db,
    brands: BRANDS,
    emailDomainCheck: async () => true,
    mailLimit,
    settings: { verificationTtlHours: TTL_HOURS, privacyMailbox: MAILBOX, deskOrigin },
    clock,
  }
  let count = 0
  const bench = {
    db,
    deps,
    get now() {
      return now
    },
    setNow(moment: Date) {
      now = moment
    },
    /** A fresh address per request, unless the test chooses one. */
    email: (prefix = 'requester') => `${prefix}-${++count}@example.be`,
    /** A request on the public site, as the form stores it: pending, with its verification mail. */
    async submit(email: string | null, country: Country = 'BE', extra: object = {}) {
      const body = {
        flowType: 'RIGHT_TO_BE_FORGOTTEN' as FlowType,
        country,
        language: country === 'BE' ? ('fr' as const) : ('nl' as const),
        ...(email ? { email } : {}),
        ...extra,
      }
      return (await submitRequest(intake, body as never, site(country))).reference
    },
    /** The request confirmed through the link of its verification mail: open, due in a month. */
    async verified(
      flowType: FlowType = 'RIGHT_TO_BE_FORGOTTEN',
      country: Country = 'BE',
      extra: object = {},
    ) {
      const email = bench.email()
      const reference = await bench.submit(email, country, { flowType, ...extra })
      const mail = (await bench.mails(reference)).find((row) => row.kind === 'verification')
      const token = /verify-email\?token=([\w-]+)/.exec(mail?.text_body ?? '')?.[1] ?? ''
      await confirmRequest(intake, token, site(country))
      return { reference, email }
    },
    /** The mails about a request, oldest first. */
    async mails(reference: string) {
      return kysely
        .selectFrom('mail_outbox')
        .innerJoin('privacy_requests', 'privacy_requests.id', 'mail_outbox.about_id')
        .select(['mail_outbox.kind', 'mail_outbox.subject', 'mail_outbox.text_body', 'mail_outbox.sent_at'])
        .where('privacy_requests.reference', '=', reference)
        .orderBy('mail_outbox.created_at')
        .execute()
    },
    /** The mails to an address that is no requester's (the team's mailbox, a brand system's contact). */
    async mailsTo(address: string) {
      return kysely.selectFrom('mail_outbox').selectAll().where('to_address', '=', address).execute()
    },
    /** As the outbox worker does: every queued mail is sent. */
    async sendOutbox() {
      await kysely
        .updateTable('mail_outbox')
        .set({ sent_at: now.toISOString() })
        .where('sent_at', 'is', null)
        .execute()
    },
    /** Issue 25: a brand system that takes access, erasure and rectification tasks in a country. */
    async taskClient(name: string, country: Country, contactEmail?: string) {
      await createApiClientService({ db, brands: BRANDS }).add({ name, country, tasks: true, contactEmail })
    },
    async auditOf(reference: string) {
      return kysely
        .selectFrom('staff_audit_log')
        .innerJoin('privacy_requests', 'privacy_requests.id', 'staff_audit_log.request_id')
        .select(['staff_audit_log.action', 'staff_audit_log.details'])
        .where('privacy_requests.reference', '=', reference)
        .execute()
    },
    close: () => db.close(),
  }
  return bench
}

export type MemoryDesk = Awaited<ReturnType<typeof memoryDesk>>
