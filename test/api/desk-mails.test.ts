import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../support/app'
import {
  DESK_API as API,
  DAY_MS,
  type DeskBench,
  deskTestSetup,
  MAILBOX,
  STAFF_HOST,
  timelineWords,
} from '../support/desk'
import { expectRequesterMail } from '../support/mail-checks'
import { refusingSmtpUrl } from '../support/smtp'

const START = new Date('2026-11-02T09:00:00Z')
const HOUR_MS = 3_600_000

/**
 * What each site and language must write, in words of our own (not read from the phrase files): the team
 * mail's language and country lines, the subject of the reply, and the regulator a refusal names.
 */
const CASES = [
  {
    country: 'NL',
    language: 'nl',
    team: ['Taal van de aanvrager: Nederlands', 'Land: Nederland'],
    reply: 'Antwoord op je privacyaanvraag',
    regulator: 'Autoriteit Persoonsgegevens',
  },
  {
    country: 'BE',
    language: 'nl',
    team: ['Taal van de aanvrager: Nederlands', 'Land: België'],
    reply: 'Antwoord op je privacyaanvraag',
    regulator: 'Gegevensbeschermingsautoriteit',
  },
  {
    country: 'BE',
    language: 'fr',
    team: ['Taal van de aanvrager: Frans', 'Land: België'],
    reply: 'Réponse à votre demande relative à la vie privée',
    regulator: 'Autorité de protection des données',
  },
] as const

describe.each(DATABASES)('the mails of the desk reach the requester on %s', (kind) => {
  let desk: DeskBench
  beforeAll(async () => {
    desk = await deskTestSetup(kind, START)
  })
  afterAll(() => desk?.close())

  it.each(CASES)(
    '$language on the $country site: every mail with its reference, Reply-To the privacy mailbox of $country, in $language',
    async ({ country, language, team, reply, regulator }) => {
      const expected = (reference: string) => ({ reference, replyTo: MAILBOX[country], language })
      const submit = async (prefix: string) => {
        const email = desk.email(prefix, country)
        return { email, reference: await desk.submit(email, country, { language }) }
      }

      // Received, confirmed, extended, answered.
      const answered = await submit('antwoord')
      expectRequesterMail(
        await desk.mailAbout(answered.email, answered.reference, /Confirmez|Bevestig/),
        expected(answered.reference),
      )
      await desk.verify(answered.email, answered.reference, country)
      const [teamMail] = await desk.sink.waitFor(
        (mail) =>
          JSON.stringify(mail.to).includes(MAILBOX[country]) &&
          (mail.subject ?? '').includes(answered.reference),
      )
      for (const line of team) expect(teamMail?.text).toContain(line)
      expectRequesterMail(
        await desk.mailAbout(answered.email, answered.reference, /traitons|aan de slag/),
        expected(answered.reference),
      )
      const path = `${API}/${answered.reference}`
      const reason =
        language === 'fr'
          ? 'Vos données sont chez plusieurs marques.'
          : 'Je gegevens staan bij meerdere merken.'
      expect((await desk.post(`${path}/extend`, { reason })).status).toBe(200)
      const extension = await desk.mailAbout(answered.email, answered.reference, /plus de temps|meer tijd/)
      expectRequesterMail(extension, expected(answered.reference))
      expect(extension?.text).toContain(reason)
      expect((await desk.post(`${path}/complete`, { message: 'Klaar. / Terminé.' })).status).toBe(200)
      const replyMail = await desk.mailAbout(answered.email, answered.reference, /^(Réponse|Antwoord)/)
      expect(replyMail?.subject).toBe(`${reply} [${answered.reference}]`)
      expectRequesterMail(replyMail, expected(answered.reference))

      // Refused: the ground and the regulator of the country, in the requester's language.
      const refused = await submit('besluit')
      await desk.verify(refused.email, refused.reference, country)
      const rejected = await desk.post(`${API}/${refused.reference}/reject`, {
        reason: 'UNFOUNDED',
        message: 'Zie hierboven / Voir ci-dessus.',
      })
      expect(rejected.status).toBe(200)
      const rejection = await desk.mailAbout(refused.email, refused.reference, /décision|besluit/)
      expectRequesterMail(rejection, expected(refused.reference))
      expect(rejection?.text).toContain(regulator)

      // Never confirmed: one reminder after 24 hours, then the notice that it expired.
      const lapsed = await submit('vergeten')
      await desk.mailAbout(lapsed.email, lapsed.reference, /Confirmez|Bevestig/)
      await desk.drained()
      await desk.at(new Date(START.getTime() + 25 * HOUR_MS), () => desk.desk.runDeadlines())
      expectRequesterMail(
        await desk.mailAbout(lapsed.email, lapsed.reference, /Rappel|Herinnering/),
        expected(lapsed.reference),
      )
      await desk.at(new Date(START.getTime() + 73 * HOUR_MS), () => desk.desk.runDeadlines())
      const expiry = await desk.mailAbout(lapsed.email, lapsed.reference, /pas été confirmée|niet bevestigd/)
      expectRequesterMail(expiry, expected(lapsed.reference))
      expect(expiry?.text).toContain(`/${language}/privacy-rights`)
    },
  )
})

describe.each(DATABASES)('a mail the outbox gives up on, on the desk, on %s', (kind) => {
  let desk: DeskBench
  beforeAll(async () => {
    desk = await deskTestSetup(
      kind,
      START,
      { SMTP_URL: await refusingSmtpUrl(), MAIL_FAIL_AFTER_HOURS: '1' },
      { worker: 'driven' },
    )
  })
  afterAll(() => desk?.close())

  it('stays on the timeline as queued, then failed, in Dutch and French', async () => {
    const email = desk.email('onbestelbaar', 'NL')
    const reference = await desk.submit(email, 'NL')
    expect(timelineWords(await desk.detail(reference))).toEqual(['received', 'queued:verification'])
    // Refused within the hour: retried, nothing on the timeline yet.
    expect(await desk.worker.runOnce()).toBe(1)
    expect(timelineWords(await desk.detail(reference))).toEqual(['received', 'queued:verification'])
    // The first attempt after MAIL_FAIL_AFTER_HOURS: given up on, and the timeline says so.
    const failedAt = new Date(START.getTime() + HOUR_MS + 60_000)
    await desk.at(failedAt, async () => {
      expect(await desk.worker.runOnce()).toBe(1)
    })
    const detail = await desk.detail(reference)
    expect(timelineWords(detail)).toEqual(['received', 'queued:verification', 'failed:verification'])
    expect(detail.timeline.at(-1)?.at).toBe(failedAt.toISOString())
    const page = async (lang: 'nl' | 'fr') =>
      (
        await desk.get(
          `/${lang}/internal-privacy-rights/requests/${reference}`,
          desk.cookies.lisa,
          STAFF_HOST,
        )
      ).text
    const nl = await page('nl')
    expect(nl).toContain('E-mail niet afgeleverd, pogingen gestaakt: bevestigingslink')
    expect(nl).toContain('<p>De mailserver bleef dit bericht weigeren')
    const fr = await page('fr')
    expect(fr).toContain('E-mail non remis, envoi abandonné : lien de confirmation')
    expect(fr).toContain('<p>Le serveur de messagerie a continué à refuser ce message')
    // Nothing is retried after that.
    await desk.at(new Date(failedAt.getTime() + DAY_MS), async () => {
      expect(await desk.worker.runOnce()).toBe(0)
    })
  })
})
