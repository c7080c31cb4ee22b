import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../support/app'
import { DAY_MS, type DeskBench, deskTestSetup, LISA, MAILBOX, SITES, timelineWords } from '../support/desk'
import { expectRequesterMail } from '../support/mail-checks'

const HOUR_MS = 3_600_000
const DIGEST = /^Privacydesk: /

describe.each(DATABASES)('reminders and expiry of unconfirmed requests on %s', (kind) => {
  const START = new Date('2026-11-02T09:00:00Z')
  let desk: DeskBench
  beforeAll(async () => {
    desk = await deskTestSetup(kind, START)
  })
  afterAll(() => desk?.close())

  it('reminds once after 24 hours and tells of the expiry, only where the verification mail went out', async () => {
    // Four requests for one address: the recipient limit (RECIPIENT_MAILS_PER_DAY, 3) holds the fourth
    // verification mail back, so its reminder and expiry notice must not go either.
    const email = desk.email('oubli')
    const references = [
      await desk.submit(email),
      await desk.submit(email),
      await desk.submit(email),
      await desk.submit(email),
    ]
    const [first = '', , , held = ''] = references
    const mailed = references.slice(0, 3)
    for (const reference of mailed)
      expect(timelineWords(await desk.detail(reference))).toContain('queued:verification')
    expect(timelineWords(await desk.detail(held))).toEqual(['received'])
    await desk.drained()

    const dayLater = new Date(START.getTime() + 25 * HOUR_MS)
    const reminders = await desk.at(dayLater, async () => {
      await desk.desk.runDeadlines()
      // Once: a second run the same hour reminds nobody again.
      expect((await desk.desk.runDeadlines()).reminded).toBe(0)
      await desk.drained()
      return desk.sink.to(email).filter((mail) => /^Rappel/.test(mail.subject ?? ''))
    })
    expect(reminders.map((mail) => mail.subject).sort()).toEqual(
      mailed
        .map((reference) => `Rappel : confirmez votre demande relative à la vie privée [${reference}]`)
        .sort(),
    )
    for (const reference of mailed) {
      const reminder = reminders.find((mail) => mail.subject?.includes(reference))
      expectRequesterMail(reminder, { reference, replyTo: MAILBOX.BE, language: 'fr' })
      expect(reminder?.text).toMatch(/verify-email\?token=[\w-]{43}/)
      expect(timelineWords(await desk.detail(reference))).toContain('queued:reminder')
    }
    expect(timelineWords(await desk.detail(held))).not.toContain('reminded')

    const lapsed = new Date(START.getTime() + 73 * HOUR_MS)
    const notices = await desk.at(lapsed, async () => {
      expect((await desk.desk.runDeadlines()).expired).toBeGreaterThanOrEqual(4)
      await desk.drained()
      return desk.sink.to(email).filter((mail) => /n'a pas été confirmée/.test(mail.subject ?? ''))
    })
    for (const reference of references) expect((await desk.detail(reference)).status).toBe('expired')
    expect(notices).toHaveLength(3)
    for (const reference of mailed) {
      const notice = notices.find((mail) => mail.subject?.includes(reference))
      expectRequesterMail(notice, { reference, replyTo: MAILBOX.BE, language: 'fr' })
      expect(notice?.text).toContain('/fr/privacy-rights')
    }
    expect(timelineWords(await desk.detail(held))).toEqual(['received', 'expired'])
    // Every mail this address got names one of the three mailed requests, never the held one.
    expect(desk.sink.to(email).some((mail) => mail.subject?.includes(held))).toBe(false)

    // A reminder's link of an expired request no longer confirms it.
    const reminder = reminders.find((mail) => mail.subject?.includes(first))
    const token = /verify-email\?token=([\w-]+)/.exec(reminder?.text ?? '')?.[1] ?? ''
    const late = await desk.at(lapsed, () =>
      request(desk.app).post('/fr/verify-email').set('Host', SITES.BE).type('form').send({ token }),
    )
    expect(late.headers.location).toBe('/fr/email-verification-expired')
  })

  it('counts reminders and expiry notices with the verification mails: whoever types an address daily causes 3 mails a day to it, not 9', async () => {
    // Someone else's address, typed three times a day (the most the recipient limit mails at once).
    const email = desk.email('flood')
    const day = (n: number) => new Date(START.getTime() + n * DAY_MS + HOUR_MS)
    const mailsOf = async (moment: Date) =>
      desk.at(moment, async () => {
        const before = desk.sink.to(email).length
        for (let i = 0; i < 3; i++) await desk.submit(email)
        await desk.desk.runDeadlines()
        await desk.drained()
        return desk.sink.to(email).length - before
      })
    // Each day: three new requests, and the day before's reminders or the expiry of older ones.
    expect(await mailsOf(day(0))).toBe(3)
    expect(await mailsOf(day(1))).toBe(3)
    expect(await mailsOf(day(2))).toBe(3)
    expect(await mailsOf(day(3))).toBe(3)
  })
})

describe.each(DATABASES)('the daily digest on %s', (kind) => {
  // A database of its own: what is due is only what this test made due.
  const T0 = new Date('2027-03-01T08:00:00Z')
  let desk: DeskBench
  beforeAll(async () => {
    desk = await deskTestSetup(kind, T0, {}, { signIn: false })
  })
  afterAll(() => desk?.close())

  const digestsTo = (mailbox: string) =>
    desk.sink.to(mailbox).filter((mail) => DIGEST.test(mail.subject ?? ''))
  const queuedDigests = async () =>
    Number(
      (
        await desk.setup.composition.db.db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll<string | number>().as('count'))
          .where('kind', '=', 'privacy-digest')
          .executeTakeFirstOrThrow()
      ).count,
    )
  /** A Dutch access request verified at `moment`: due one month later. */
  const verifiedAt = async (moment: Date, prefix: string, country: 'NL' | 'BE' = 'NL') => {
    desk.setNow(moment)
    const email = desk.email(prefix, country)
    const reference = await desk.submit(email, country, { flowType: 'RIGHT_OF_ACCESS', language: 'nl' })
    await desk.verify(email, reference, country)
    return reference
  }

  it('mails each country’s privacy mailbox once a day what is overdue and due within 7 days; nothing due, no mail', async () => {
    // Nothing at all: no mail.
    expect((await desk.desk.runDeadlines()).digests).toBe(0)

    const overdue = await verifiedAt(T0, 'te-laat') // due 1 April
    const handled = await verifiedAt(T0, 'afgehandeld') // due 1 April, but answered
    await desk.desk.complete(LISA, handled, 'Hierbij het overzicht.')
    const soon = await verifiedAt(new Date(T0.getTime() + 5 * DAY_MS), 'binnenkort') // due 6 April
    const later = await verifiedAt(new Date(T0.getTime() + 20 * DAY_MS), 'later') // due 21 April
    const belgian = await verifiedAt(new Date(T0.getTime() + 20 * DAY_MS), 'belg', 'BE') // due 21 April
    await desk.drained()

    // Requests open, none due within 7 days: no mail.
    desk.setNow(new Date('2027-03-21T07:00:00Z'))
    expect((await desk.desk.runDeadlines()).digests).toBe(0)
    expect(await queuedDigests()).toBe(0)

    // 3 April: one overdue, one due in 3 days; the answered and the later ones are not listed.
    desk.setNow(new Date('2027-04-03T07:00:00Z'))
    expect((await desk.desk.runDeadlines()).digests).toBe(1)
    const [digest] = await desk.sink.waitFor((mail) => DIGEST.test(mail.subject ?? ''))
    expect(digest?.to).toMatchObject({ text: MAILBOX.NL })
    expect(digest?.subject).toBe('Privacydesk: 1 te laat, 1 binnen 7 dagen')
    const text = digest?.text ?? ''
    const section = (heading: string) => text.slice(text.indexOf(heading)).split('\n\n')[0] ?? ''
    expect(section('Te laat:')).toContain(`${overdue} · Inzage in je gegevens · 1 april 2027`)
    expect(section('Te laat:')).not.toContain(soon)
    expect(section('Binnen 7 dagen:')).toContain(`${soon} · Inzage in je gegevens · 6 april 2027`)
    for (const absent of [handled, later, belgian]) expect(text).not.toContain(absent)
    expect(text).toContain('/nl/internal-privacy-rights/requests?due=week')
    // Belgium has nothing due: no mail there.
    expect(digestsTo(MAILBOX.BE)).toEqual([])

    // Once a day, whatever the number of runs; the next day again.
    desk.setNow(new Date('2027-04-03T19:00:00Z'))
    expect((await desk.desk.runDeadlines()).digests).toBe(0)
    desk.setNow(new Date('2027-04-04T07:00:00Z'))
    expect((await desk.desk.runDeadlines()).digests).toBe(1)
    await desk.drained()
    expect(digestsTo(MAILBOX.NL)).toHaveLength(2)
    expect(digestsTo(MAILBOX.BE)).toEqual([])
  })
})
