import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { extendRequest } from '#server/services/desk-actions.ts'
import { runDeadlines } from '#server/services/desk-deadlines.ts'
import { showRequest } from '#server/services/desk-detail.ts'
import { mailOverdueTasks, sendDigests } from '#server/services/desk-digests.ts'
import { expireUnconfirmed, remindUnconfirmed } from '#server/services/desk-reminders.ts'
import {
  DAY_MS,
  HOUR_MS,
  LISA,
  MAILBOX,
  type MemoryDesk,
  memoryDesk,
  TTL_HOURS,
} from '../support/memory-desk'

/** Issue 31: the desk's hourly work on the injected clock, without HTTP, SMTP or a timer. */
const START = new Date('2026-11-02T09:00:00Z')
const at = (hours: number) => new Date(START.getTime() + hours * HOUR_MS)
const kinds = (detail: { timeline: { kind: string }[] }) => detail.timeline.map((event) => event.kind)

let bench: MemoryDesk
beforeEach(async () => {
  bench = await memoryDesk(START)
})
afterEach(() => bench.close())

describe('reminders and expiry of unconfirmed requests', () => {
  it('reminds once, 24 hours on, with a link that ends when the first one does', async () => {
    const reference = await bench.submit(bench.email())
    await bench.sendOutbox()
    expect(await remindUnconfirmed(bench.deps, at(23))).toBe(0)
    expect(await remindUnconfirmed(bench.deps, at(25))).toBe(1)
    expect(await remindUnconfirmed(bench.deps, at(26))).toBe(0)
    const reminder = (await bench.mails(reference)).find((mail) => mail.kind === 'reminder')
    expect(reminder?.text_body).toMatch(/https:\/\/privacy\.dpgmedia\.be\/fr\/verify-email\?token=[\w-]{43}/)
    // The verification link lapses after 72 hours, on 5 November: so does the reminder's.
    expect(reminder?.text_body).toContain('5 novembre 2026')
    expect(kinds(await showRequest(bench.deps, LISA, reference))).toContain('reminded')
  })

  it('reminds nobody whose verification mail was not sent', async () => {
    const reference = await bench.submit(bench.email())
    expect(await remindUnconfirmed(bench.deps, at(25))).toBe(0)
    await bench.sendOutbox()
    expect(await remindUnconfirmed(bench.deps, at(26))).toBe(1)
    expect((await bench.mails(reference)).map((mail) => mail.kind)).toEqual(['verification', 'reminder'])
  })

  it('counts reminders with the verification mails: an address typed daily gets 3 mails a day, not more', async () => {
    const email = bench.email('flooded')
    const first = [await bench.submit(email), await bench.submit(email), await bench.submit(email)]
    const held = await bench.submit(email)
    // The fourth of the day: stored as usual, its verification mail held back.
    expect(await bench.mails(held)).toEqual([])
    await bench.sendOutbox()
    bench.setNow(at(25))
    for (let i = 0; i < 3; i++) await bench.submit(email)
    expect(await remindUnconfirmed(bench.deps, bench.now)).toBe(0)
    for (const reference of [...first, held])
      expect((await bench.mails(reference)).map((mail) => mail.kind)).not.toContain('reminder')
    // Held back, and not tried again the next hour.
    bench.setNow(at(26))
    expect(await remindUnconfirmed(bench.deps, bench.now)).toBe(0)
  })

  it('expires a request once no link is valid, and tells the requester how to start again', async () => {
    const reference = await bench.submit(bench.email())
    await bench.sendOutbox()
    expect(await expireUnconfirmed(bench.deps, at(TTL_HOURS - 1))).toBe(0)
    expect(await expireUnconfirmed(bench.deps, at(TTL_HOURS + 1))).toBe(1)
    expect(await expireUnconfirmed(bench.deps, at(TTL_HOURS + 2))).toBe(0)
    const detail = await showRequest(bench.deps, LISA, reference)
    expect(detail.status).toBe('expired')
    expect(kinds(detail)).toContain('expired')
    const notice = (await bench.mails(reference)).find((mail) => mail.kind === 'expired')
    expect(notice?.text_body).toContain('https://privacy.dpgmedia.be/fr/privacy-rights')
  })

  it('expires without a mail where the verification mail never went out', async () => {
    const reference = await bench.submit(bench.email())
    expect(await expireUnconfirmed(bench.deps, at(TTL_HOURS + 1))).toBe(1)
    expect((await bench.mails(reference)).map((mail) => mail.kind)).toEqual(['verification'])
  })
})

describe('the daily digest', () => {
  it('tells each country’s mailbox once a day what is overdue or due within 7 days; nothing due, no mail', async () => {
    expect(await sendDigests(bench.deps, START)).toBe(0)
    const { reference } = await bench.verified('RIGHT_OF_ACCESS', 'NL')
    const extended = await bench.verified('RIGHT_OF_ACCESS', 'NL')
    await extendRequest(bench.deps, LISA, extended.reference, 'Veel systemen.')
    // Four weeks on: the first is due within a week, the extended one is not.
    const later = new Date(START.getTime() + 26 * DAY_MS)
    expect(await sendDigests(bench.deps, later)).toBe(1)
    expect(await sendDigests(bench.deps, new Date(later.getTime() + HOUR_MS))).toBe(0)
    const digests = async (address: string) =>
      (await bench.mailsTo(address)).filter((mail) => mail.kind === 'privacy-digest')
    const [digest, ...more] = await digests(MAILBOX.NL)
    expect(more).toEqual([])
    expect(digest?.text_body).toContain(reference)
    expect(digest?.text_body).not.toContain(extended.reference)
    expect(digest?.text_body).toContain('https://nl.localhost/nl/internal-privacy-rights/requests?due=week')
    expect(await digests(MAILBOX.BE)).toEqual([])
    // The next day, again.
    expect(await sendDigests(bench.deps, new Date(later.getTime() + DAY_MS))).toBe(1)
  })

  it('mails a brand system’s contact its overdue tasks once, and the whole run says what it did', async () => {
    await bench.taskClient('HLN tasks', 'BE', 'dpo@hln.test')
    await bench.verified('RIGHT_OF_ACCESS')
    const late = new Date(START.getTime() + 11 * DAY_MS)
    expect(await mailOverdueTasks(bench.deps, new Date(START.getTime() + 9 * DAY_MS))).toBe(0)
    bench.setNow(late)
    expect(await runDeadlines(bench.deps)).toEqual({
      reminded: 0,
      expired: 0,
      digests: 1,
      unconfirmed: 0,
      tasksMailed: 1,
    })
    expect(await mailOverdueTasks(bench.deps, late)).toBe(0)
    expect((await bench.mailsTo('dpo@hln.test')).map((mail) => mail.kind)).toEqual(['tasks-overdue'])
  })
})
