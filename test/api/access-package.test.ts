import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASES, runRetention } from '../support/app'
import { DAY_MS, type DeskBench, deskTestSetup, SITES, timelineWords } from '../support/desk'
import { binary, samplePdf, unzip } from '../support/files'

const START = new Date('2026-11-02T09:00:00Z')
const API = '/api/internal-privacy-rights/requests'
const TASKS = '/api/v1/tasks'
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex')

describe.each(DATABASES)('the requester’s access package behind a mailed code on %s (issue 25)', (kind) => {
  let desk: DeskBench
  const secrets = { hln: '', vtm: '' }

  beforeAll(async () => {
    desk = await deskTestSetup(kind, START)
    const clients = desk.setup.composition.services.apiClients
    secrets.hln = (await clients.add({ name: 'HLN CRM', country: 'BE', brands: ['HLN'], tasks: true })).secret
    secrets.vtm = (
      await clients.add({ name: 'VTM GO', country: 'BE', brands: ['VTMGO'], tasks: true })
    ).secret
  })
  afterAll(() => desk?.close())

  const call = (secret: string) => ({
    get: (path: string) =>
      request(desk.app).get(path).set('Host', SITES.BE).set('Authorization', `Bearer ${secret}`),
    post: (path: string) =>
      request(desk.app).post(path).set('Host', SITES.BE).set('Authorization', `Bearer ${secret}`),
  })
  const taskOf = async (secret: string, reference: string) =>
    ((await call(secret).get(`${TASKS}?limit=1000`)).body.items as { id: string; reference: string }[]).find(
      (task) => task.reference === reference,
    )
  const status = (path: string, token: string, cookie = '') =>
    request(desk.app)
      .get(`/fr/privacy-rights/status${path}?token=${token}`)
      .set('Host', SITES.BE)
      .set('Cookie', cookie)
  const postStatus = (path: string, body: object, json = true) => {
    const post = request(desk.app).post(`/fr/privacy-rights/status${path}`).set('Host', SITES.BE)
    return json ? post.send(body) : post.type('form').send(body)
  }

  /** A Belgian access request in French, answered by HLN (a CSV and a PDF) and VTM GO (nothing), completed. */
  async function answeredAccess(email: string) {
    const reference = await desk.submit(email, 'BE', { flowType: 'RIGHT_OF_ACCESS' })
    await desk.verify(email, reference)
    const hln = await taskOf(secrets.hln, reference)
    const vtm = await taskOf(secrets.vtm, reference)
    const csv = `nom;e-mail;abonnement\nSam Peeters;${email};HLN+ depuis 2019\n`
    const pdf = samplePdf(`facture de ${email}`)
    const files = { 'HLN CRM/abonnement.csv': csv, 'HLN CRM/facture 2025.pdf': pdf }
    const upload = (type: string, name: string, body: Buffer | string) =>
      call(secrets.hln)
        .post(`${TASKS}/${hln?.id}/files?name=${encodeURIComponent(name)}`)
        .set('Content-Type', type)
        .send(body)
    expect((await upload('text/csv', 'abonnement.csv', csv)).status).toBe(201)
    expect((await upload('application/pdf', 'facture 2025.pdf', pdf)).status).toBe(201)
    // `found` only once there are files (the HLN system uploaded two).
    expect(
      (
        await call(secrets.hln)
          .post(`${TASKS}/${hln?.id}/result`)
          .send({ outcome: 'found', note: 'Abonnement HLN+.' })
      ).status,
    ).toBe(200)
    expect(
      (await call(secrets.vtm).post(`${TASKS}/${vtm?.id}/result`).send({ outcome: 'not_found' })).status,
    ).toBe(200)
    const done = await desk.post(`${API}/${reference}/complete`, {
      message: 'Vous trouverez vos données dans le paquet, par marque.',
    })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    const reply = await desk.mailAbout(email, reference, /^Réponse/)
    const token = /privacy-rights\/status\?token=([\w-]+)/.exec(reply?.text ?? '')?.[1] ?? ''
    expect(token).toMatch(/^[\w-]{43}$/)
    return { reference, token, files }
  }

  it('shows the outcomes at once, and the reply and the package only after the mailed code', async () => {
    const email = desk.email('paquet')
    const { reference, token, files } = await answeredAccess(email)
    const locked = await status('', token)
    expect(locked.status).toBe(200)
    expect(locked.text).toContain('Données trouvées')
    expect(locked.text).toContain('Aucune donnée trouvée')
    expect(locked.text).not.toContain('Vous trouverez vos données dans le paquet')
    expect(locked.text).not.toContain(email)
    // Without the code: no package, as JSON and as a page.
    const noCookie = await status('/package', token).set('Accept', 'application/json')
    expect(noCookie.status).toBe(403)
    expect(noCookie.body.error.code).toBe('UNLOCK_REQUIRED')
    expect((await status('/package', token)).status).toBe(403)

    // A code, mailed to the request's address: never in the subject.
    expect((await postStatus('/code', { token })).status).toBe(202)
    const [codeMail] = await desk.sink.waitFor(
      (mail) => JSON.stringify(mail.to).includes(email) && /code/i.test(mail.subject ?? ''),
    )
    const code = /^(\d{6})$/m.exec(codeMail?.text ?? '')?.[1] ?? ''
    expect(code).toMatch(/^\d{6}$/)
    expect(codeMail?.subject).not.toContain(code)
    // Six wrong tries: four 400s, then the code is used up (429) and even the right one no longer works.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const tries = []
    for (let i = 0; i < 6; i++) tries.push(await postStatus('/unlock', { token, code: wrong }))
    expect(tries.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 429, 429])
    expect(tries[0]?.body.error.code).toBe('CODE_WRONG')
    expect(tries[5]?.body.error.code).toBe('CODE_LOCKED')
    expect(tries.every((answer) => !answer.headers['set-cookie'])).toBe(true)
    expect((await postStatus('/unlock', { token, code })).status).toBe(429)
    // As a form: the page again, with its 4xx and the reason on the code field.
    const formWrong = await postStatus('/unlock', { token, code: wrong }, false)
    expect(formWrong.status).toBe(429)
    expect(formWrong.text).toContain('aria-invalid="true"')
    expect(formWrong.text).toContain('Erreur : suivi de votre demande')

    const cookie = await desk.unlock(email, reference, token)
    expect(cookie).toMatch(/^__Host-status-unlock=/)
    const opened = await status('', token, cookie)
    expect(opened.text).toContain('Vous trouverez vos données dans le paquet')
    expect(opened.text).toContain('Télécharger vos données (zip)')
    // Another request's link with this cookie opens nothing.
    const other = await answeredAccess(desk.email('autre'))
    expect((await status('/package', other.token, cookie)).status).toBe(403)

    const zip = await status('/package', token, cookie).buffer(true).parse(binary)
    expect(zip.status).toBe(200)
    expect(zip.headers['content-type']).toBe('application/zip')
    expect(zip.headers['content-disposition']).toContain(`${reference}.zip`)
    const entries = await unzip(zip.body as Buffer)
    for (const [name, bytes] of Object.entries(files))
      expect(sha256(entries.get(name) ?? ''), name).toBe(sha256(bytes))
    const summary = entries.get('apercu.html')?.toString('utf8') ?? ''
    expect(summary).toContain('<html lang="fr">')
    expect(summary).toContain(reference)
    expect(summary).toContain('Données trouvées')
    expect(summary).toContain('Aucune donnée trouvée')
    expect(summary).toContain('Autorité de protection des données')
    expect(summary).toContain('VTM GO')
    expect(summary).toContain('href="HLN%20CRM/facture%202025.pdf"')
    await expect.poll(async () => timelineWords(await desk.detail(reference))).toContain('package-downloaded')
    const words = timelineWords(await desk.detail(reference))
    expect(words).toEqual(expect.arrayContaining(['tasks-created', 'task-answered', 'code-sent', 'unlocked']))
  })

  it('answers 410 after ACCESS_PACKAGE_DAYS, and the retention job erases the files and the reply', async () => {
    const email = desk.email('expire')
    const { reference, token } = await answeredAccess(email)
    const cookie = await desk.unlock(email, reference, token)
    const later = new Date(START.getTime() + 14 * DAY_MS + 60_000)
    await desk.at(later, async () => {
      const gone = await status('/package', token, cookie).set('Accept', 'application/json')
      expect(gone.status).toBe(410)
      expect(gone.body.error.code).toBe('GONE')
      const page = await status('/package', token, cookie)
      expect(page.status).toBe(410)
      expect(page.text).toContain('Introduisez une nouvelle demande d')
      const purged = await runRetention(desk.setup, later)
      expect(purged?.packages).toBeGreaterThanOrEqual(1)
    })
    const db = desk.setup.composition.db.db
    const request_ = await db
      .selectFrom('privacy_requests')
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow()
    expect(
      await db.selectFrom('task_files').select('id').where('request_id', '=', request_.id).execute(),
    ).toEqual([])
    const detail = await desk.detail(reference)
    expect(detail.timeline.find((event) => event.kind === 'completed')?.text).toBeNull()
    expect(timelineWords(detail)).toContain('package-erased')
    // Each brand's outcome stays.
    expect(detail.tasks.map((task) => task.outcome)).toEqual(['found', 'not_found'])
  })

  it('keeps no personal value of a request closed 24 months and a day ago, but its reference, dates and outcomes', async () => {
    const email = desk.email('oubli-total')
    const reference = await desk.submit(email, 'BE', {
      flowType: 'RIGHT_OF_ACCESS',
      userMessage: `Je suis Sam Peeters, ${email}`,
      userInfo: { firstName: 'Samuel', lastName: 'Peeterszoon' },
    })
    await desk.verify(email, reference)
    for (const [secret] of [[secrets.hln], [secrets.vtm]]) {
      const task = await taskOf(secret ?? '', reference)
      await call(secret ?? '')
        .post(`${TASKS}/${task?.id}/result`)
        .send({ outcome: 'not_found', note: `Rien pour ${email}` })
    }
    expect(
      (await desk.post(`${API}/${reference}/complete`, { message: `Bonjour Samuel Peeterszoon (${email}).` }))
        .status,
    ).toBe(200)
    await desk.drained()
    // The check below can see the address: it is there until the retention job runs.
    expect(await databaseHolds(desk, 'Peeterszoon')).toBe(true)
    const closedAt = (await desk.detail(reference)).closedAt ?? ''
    const later = new Date(Date.parse(closedAt))
    later.setUTCMonth(later.getUTCMonth() + 24)
    const purged = await runRetention(desk.setup, new Date(later.getTime() + DAY_MS))
    expect(purged?.anonymised).toBeGreaterThanOrEqual(1)
    const detail = await desk.detail(reference)
    expect(detail).toMatchObject({
      reference,
      flowType: 'RIGHT_OF_ACCESS',
      status: 'completed',
      email: null,
      name: null,
    })
    expect(detail.receivedAt).toBeTruthy()
    expect(detail.tasks.map((task) => [task.outcome, task.note])).toEqual([
      ['not_found', null],
      ['not_found', null],
    ])
    expect(timelineWords(detail)).toContain('anonymised')
    // Nowhere in the database any more: its file and write-ahead log on SQLite, a dump of its schema on PostgreSQL.
    for (const secret of [email, 'Peeterszoon']) expect(await databaseHolds(desk, secret), secret).toBe(false)
  })
})

/** Whether any byte of the database (SQLite: the file and its WAL; PostgreSQL: a dump of the schema) holds `text`. */
async function databaseHolds(desk: DeskBench, text: string): Promise<boolean> {
  const url = desk.setup.config.databaseUrl
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length)
    return [path, `${path}-wal`].some(
      (file) => existsSync(file) && readFileSync(file).includes(Buffer.from(text)),
    )
  }
  const schema = decodeURIComponent(
    /search_path%3D(\w+)|search_path=(\w+)/.exec(url)?.slice(1).find(Boolean) ?? '',
  )
  const dump = execFileSync(
    'pg_dump',
    ['--data-only', `--schema=${schema}`, url.replace(/[?&]options=.*$/, '')],
    {
      maxBuffer: 256 * 1024 * 1024,
    },
  )
  return dump.includes(Buffer.from(text))
}
