import type { ParsedMail } from 'mailparser'
import request from 'supertest'
import { expect } from 'vitest'
import { outboxCounts } from '#server/db/outbox-repository.ts'
import type { Logger } from '#server/logger.ts'
import type { DeskActor } from '#server/services/desk.ts'
import type { RequestDetail } from '#shared/privacy-rights/desk.ts'
import { type DatabaseKind, testDatabaseUrl } from './app'
import { SmtpSink } from './smtp'
import { cookieOf, signIn, staffTestSetup } from './staff'

export const DESK_API = '/api/internal-privacy-rights/requests'
/** Public sites (production toggles), the staff host (local, with the desk) and a host without the toggle. */
export const SITES = { NL: 'privacy.dpgmedia.nl', BE: 'privacy.dpgmedia.be' } as const
export const STAFF_HOST = 'nl.localhost'
export const NO_TOGGLE_HOST = 'prod-nl.localhost'
export const MAILBOX = { NL: 'privacy-nl@desk.test', BE: 'privacy-be@desk.test' } as const
export const DAY_MS = 86_400_000
const SESSION = '__Host-staff-session'

/** The privacy team's member of the service-level tests: both countries, as the default STAFF_COUNTRIES. */
export const LISA: DeskActor = {
  subject: 'sub-lisa',
  issuer: 'test',
  email: 'lisa.desk@dpgmedia.nl',
  name: 'Lisa Desk',
  countries: ['NL', 'BE'],
}

type Country = keyof typeof SITES

/**
 * The desk's test bench: the real app with staff sign-in at the test OpenID provider, a real SMTP server on
 * loopback, the mail poller on the test's clock (never going back) and no hourly jobs (a test runs the
 * deadlines itself, at the times it chooses; retention has tests of its own). `lisa` is privacy team, `anna` customer service.
 */
export async function deskTestSetup(
  kind: DatabaseKind,
  start: Date,
  env: Record<string, string> = {},
  options: {
    signIn?: boolean
    worker?: 'running' | 'driven'
    /** The host the desk is on (issue 26: a staff host of a deployed table), by default nl.localhost. */
    staffHost?: string
    /** Where the app's log lines go (silent unless given). */
    logger?: Logger
  } = {},
) {
  const staffHost = options.staffHost ?? STAFF_HOST
  let now = start
  const clock = () => now
  // The mail poller never goes back in time: a mail queued while a test had moved the clock on is sent
  // after the test moved it back.
  let latest = start
  const pollerClock = () => (now > latest ? now : latest)
  const moveTo = (moment: Date) => {
    now = moment
    if (moment > latest) latest = moment
  }
  const sink = new SmtpSink()
  await sink.start()
  const setup = await staffTestSetup(
    {
      DATABASE_URL: await testDatabaseUrl(kind),
      SMTP_URL: sink.url,
      STAFF_ALLOWED_EMAIL_DOMAINS: 'dpgmedia.nl,dpgmedia.be',
      STAFF_PRIVACY_TEAM_GROUPS: 'privacy-desk',
      PRIVACY_MAILBOX_NL: MAILBOX.NL,
      PRIVACY_MAILBOX_BE: MAILBOX.BE,
      ...env,
    },
    {
      clock,
      staffOrigins: options.staffHost ? [`https://${options.staffHost}`] : [],
      logger: options.logger,
    },
  )
  const worker = setup.composition.startWorkers({
    outboxIntervalMs: 20,
    retryBaseMs: 50,
    clock: pollerClock,
    hourlyJobs: false,
  })
  // Driven: only the test sends, with `worker.runOnce()` at the times of its clock.
  if (options.worker === 'driven') await worker.stop()
  const cookies = { lisa: '', anna: '' }
  if (options.signIn !== false) {
    cookies.lisa = cookieOf(await signIn(setup.app, 'lisa.desk@dpgmedia.nl', staffHost), SESSION)?.pair ?? ''
    cookies.anna =
      cookieOf(await signIn(setup.app, 'anna.jansen@dpgmedia.nl', staffHost), SESSION)?.pair ?? ''
    expect(cookies.lisa).not.toBe('')
    expect(cookies.anna).not.toBe('')
  }
  const { app } = setup
  const desk = setup.composition.services.desk
  let count = 0

  const bench = {
    app,
    setup,
    sink,
    worker,
    desk,
    cookies,
    get now() {
      return now
    },
    /** Runs `work` with the clock at `moment`, and puts the clock back afterwards. */
    async at<T>(moment: Date, work: () => Promise<T>): Promise<T> {
      const before = now
      moveTo(moment)
      try {
        return await work()
      } finally {
        now = before
      }
    },
    /** Moves the clock for good (a test of its own database). */
    setNow(moment: Date) {
      moveTo(moment)
    },
    /** A fresh address for each request of a test, unless the test chooses one. */
    email(prefix: string, country: Country = 'BE') {
      count++
      return `${prefix}-${kind}-${count}@example.${country.toLowerCase()}`
    },
    get(path: string, cookie = cookies.lisa, host = staffHost) {
      return request(app).get(path).set('Host', host).set('Cookie', cookie)
    },
    post(path: string, body: object, cookie = cookies.lisa, host = staffHost) {
      return request(app).post(path).set('Host', host).set('Cookie', cookie).send(body)
    },
    async detail(reference: string): Promise<RequestDetail> {
      const answer = await bench.get(`${DESK_API}/${reference}`)
      expect(answer.status, `GET ${reference}`).toBe(200)
      return answer.body as RequestDetail
    },
    /** Submits a request on a country's public site (an erasure in French on BE, in Dutch on NL by default). */
    async submit(email: string | null, country: Country = 'BE', extra: object = {}) {
      const answer = await request(app)
        .post('/api/privacy-rights/request')
        .set('Host', SITES[country])
        .send({
          flowType: 'RIGHT_TO_BE_FORGOTTEN',
          country,
          language: country === 'BE' ? 'fr' : 'nl',
          ...(email ? { email } : {}),
          ...extra,
        })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return answer.body.reference as string
    },
    /** The mails to `email` about `reference` whose subject matches, once `count` have arrived. */
    mailsAbout(email: string, reference: string, subject: RegExp = /./, count = 1) {
      return sink.waitFor(
        (mail) =>
          JSON.stringify(mail.to).includes(email) &&
          (mail.subject ?? '').includes(`[${reference}]`) &&
          subject.test(mail.subject ?? ''),
        count,
      )
    },
    async mailAbout(
      email: string,
      reference: string,
      subject: RegExp = /./,
    ): Promise<ParsedMail | undefined> {
      return (await bench.mailsAbout(email, reference, subject))[0]
    },
    /** Confirms a request through the link of its verification mail, as the requester's browser does. */
    async verify(email: string, reference: string, country: Country = 'BE') {
      const mail = await bench.mailAbout(email, reference, /Confirmez|Bevestig/)
      const [, lang = 'nl', token = ''] =
        /\/(nl|fr)\/verify-email\?token=([\w-]+)/.exec(mail?.text ?? '') ?? []
      const confirmed = await request(app)
        .post(`/${lang}/verify-email`)
        .set('Host', SITES[country])
        .type('form')
        .send({ token })
      expect(confirmed.headers.location).toBe(`/${lang}/email-verified`)
    },
    /**
     * Issue 25: unlocks the status page of a link as its requester does: asks for a code, reads it from the
     * mail the SMTP server received, and sends it back. Answers the unlock cookie (`name=value`).
     */
    async unlock(email: string, reference: string, token: string, country: Country = 'BE') {
      const lang = country === 'BE' ? 'fr' : 'nl'
      const isCode = (mail: ParsedMail) =>
        JSON.stringify(mail.to).includes(email) &&
        (mail.subject ?? '').includes(`[${reference}]`) &&
        /^\d{6}$/m.test(mail.text ?? '')
      const before = sink.mails.filter(isCode).length
      const asked = await request(app)
        .post(`/${lang}/privacy-rights/status/code`)
        .set('Host', SITES[country])
        .type('form')
        .send({ token })
      expect(asked.status, asked.text).toBe(303)
      const codes = await sink.waitFor(isCode, before + 1)
      const code = /^(\d{6})$/m.exec(codes.at(-1)?.text ?? '')?.[1] ?? ''
      const unlocked = await request(app)
        .post(`/${lang}/privacy-rights/status/unlock`)
        .set('Host', SITES[country])
        .type('form')
        .send({ token, code })
      expect(unlocked.status, unlocked.text).toBe(303)
      const cookie = (unlocked.headers['set-cookie'] as unknown as string[] | undefined)?.[0] ?? ''
      return cookie.split(';')[0] ?? ''
    },
    /** Waits until the outbox has sent everything it holds. */
    async drained() {
      await expect.poll(async () => (await outboxCounts(setup.composition.db.db)).queued).toBe(0)
    },
    async close() {
      await worker.stop()
      await setup.close()
      await sink.stop()
    },
  }
  return bench
}

export type DeskBench = Awaited<ReturnType<typeof deskTestSetup>>

/** The timeline as short words: `received`, `queued:verification`, `mail:receipt`, `failed:reminder`, `note`. */
export function timelineWords(detail: RequestDetail): string[] {
  const prefix: Record<string, string> = {
    'mail-queued': 'queued',
    'mail-delivered': 'mail',
    'mail-failed': 'failed',
  }
  return detail.timeline.map((event) =>
    prefix[event.kind] ? `${prefix[event.kind]}:${event.detail}` : event.kind,
  )
}
