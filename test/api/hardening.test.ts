import { mkdtempSync, readdirSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '#server/db/database.ts'
import { createTransport } from '#server/mail/transport.ts'
import { testSetup } from '../support/app'
import { DESK_API, type DeskBench, deskTestSetup } from '../support/desk'
import { SmtpSink } from '../support/smtp'

const NL = 'privacy.dpgmedia.nl'
const FATHOM = 'https://cdn.usefathom.com/script.js'
const mode = (path: string) => statSync(path).mode & 0o777

/** Issue 27: the edges found by probing, closed; each test fails on the code before. */
describe('no third-party script where the address carries a personal token', () => {
  const sink = new SmtpSink()
  let setup: Awaited<ReturnType<typeof testSetup>>
  beforeAll(async () => {
    await sink.start()
    setup = await testSetup({ FATHOM_SITE_ID: 'ABCDEFGH', SMTP_URL: sink.url })
    setup.composition.startWorkers({ outboxIntervalMs: 50 })
  })
  afterAll(async () => {
    await setup?.composition.close()
    await sink.stop()
  })
  const page = (path: string) => request(setup.app).get(path).set('Host', NL)

  it('loads analytics on a public page of a host with LOAD_FATHOM', async () => {
    expect((await page('/nl')).text).toContain(FATHOM)
  })

  it('leaves it out of the verification page, the status page and any address with a token', async () => {
    const email = 'token-page@example.com'
    const posted = await request(setup.app)
      .post('/api/privacy-rights/request')
      .set('Host', NL)
      .send({ flowType: 'RIGHT_OF_ACCESS', country: 'NL', language: 'nl', email })
    expect(posted.status).toBe(200)
    const [mail] = await sink.waitFor((m) => JSON.stringify(m.to).includes(email))
    const link = new URL(/https:\/\/\S+\/verify-email\?token=[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '')
    const verify = await page(`${link.pathname}${link.search}`)
    expect(verify.status).toBe(200)
    expect(verify.text).toContain('name="token"')
    expect(verify.text).not.toContain(FATHOM)
    const status = await page('/nl/privacy-rights/status?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG')
    expect(status.text).not.toContain(FATHOM)
    const elsewhere = await page('/nl/about?token=abc')
    expect(elsewhere.status).toBe(200)
    expect(elsewhere.text).not.toContain(FATHOM)
  })
})

describe('data files readable by the server’s user only', () => {
  it('creates the SQLite file (and its write-ahead log) 0600, and narrows one made before', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'modes-'))
    const db = openDatabase('file:data/privacy.sqlite', folder)
    await db.db.schema.createTable('probe').addColumn('id', 'text').execute()
    const data = join(folder, 'data')
    expect(mode(data)).toBe(0o700)
    for (const file of readdirSync(data)) expect(mode(join(data, file)), file).toBe(0o600)
    expect(readdirSync(data)).toEqual(expect.arrayContaining(['privacy.sqlite', 'privacy.sqlite-wal']))
    await db.close()
  })

  it('writes a mail without SMTP_URL as a file only its user may read', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'mail-')), 'mail')
    const transport = createTransport(null, folder, { maxConnections: 1 })
    await transport.send({
      messageId: '<x@dpgmedia.nl>',
      from: 'no-reply@dpgmedia.nl',
      to: 'someone@example.com',
      subject: 'x',
      text: 'x',
      html: '<p>x</p>',
    })
    transport.close()
    expect(mode(folder)).toBe(0o700)
    const [file] = readdirSync(folder)
    expect(mode(join(folder, file ?? ''))).toBe(0o600)
  })
})

describe('no control character in any free text', () => {
  let setup: Awaited<ReturnType<typeof testSetup>>
  beforeAll(async () => {
    setup = await testSetup()
  })
  afterAll(() => setup?.composition.close())

  it.each([
    ['/api/contact?locale=nl_nl', { name: 'Jan\u0000', email: 'jan@example.com', question: 'Vraag' }, 'name'],
    [
      '/api/contact?locale=nl_nl',
      { name: 'Jan', email: 'jan@example.com', question: 'Vraag\u001b[31m' },
      'question',
    ],
    [
      '/api/privacy-rights/request',
      {
        flowType: 'RECTIFICATION',
        country: 'NL',
        language: 'nl',
        email: 'a@example.com',
        userMessage: 'x\u0007',
      },
      'userMessage',
    ],
    [
      '/api/privacy-rights/request',
      {
        flowType: 'RIGHT_OF_ACCESS',
        country: 'NL',
        language: 'nl',
        email: 'a@example.com',
        userInfo: { firstName: 'An\u0085na' },
      },
      'userInfo.firstName',
    ],
  ])('%s refuses %j, naming %s', async (path, body, field) => {
    const answer = await request(setup.app).post(path).set('Host', NL).send(body)
    expect(answer.status).toBe(400)
    expect(answer.body.error.fields).toContainEqual({ field, rule: 'control_characters' })
  })

  it('takes tabs and line breaks: they are text', async () => {
    const answer = await request(setup.app)
      .post('/api/contact?locale=nl_nl')
      .set('Host', NL)
      .send({ name: 'Jan', email: 'jan@example.com', question: 'Regel één\r\nRegel\ttwee' })
    expect(answer.status).toBe(200)
  })
})

describe('a staff reply with a NUL byte', () => {
  let desk: DeskBench
  beforeAll(async () => {
    desk = await deskTestSetup('sqlite', new Date('2026-11-02T09:00:00Z'))
  })
  afterAll(() => desk?.close())

  it('is refused, and neither stored nor mailed', async () => {
    const email = desk.email('nul')
    const reference = await desk.submit(email)
    await desk.verify(email, reference)
    const answer = await desk.post(`${DESK_API}/${reference}/complete`, {
      message: 'Hierbij\u0000 uw gegevens.',
    })
    expect(answer.status).toBe(400)
    expect(answer.body.error.fields).toEqual([{ field: 'message', rule: 'control_characters' }])
    expect((await desk.detail(reference)).status).toBe('open')
  })
})
