import { createHash } from 'node:crypto'
import { connect } from 'node:net'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../support/app'
import { DAY_MS, type DeskBench, deskTestSetup, SITES, timelineWords } from '../support/desk'
import { binary, samplePdf } from '../support/files'
import { openApiSchemas } from '../support/openapi'
import { WebhookReceiver } from '../support/webhook-receiver'

// Near the real time: the webhook receiver checks each delivery's timestamp against its own clock.
const START = new Date(Math.floor(Date.now() / 60_000) * 60_000)
const API = '/api/internal-privacy-rights/requests'
const TASKS = '/api/v1/tasks'

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex')

describe.each(DATABASES)('brand tasks for access, erasure and rectification on %s (issue 25)', (kind) => {
  let desk: DeskBench
  const receiver = new WebhookReceiver()
  const secrets = { hln: '', vtm: '', idsOnly: '', nl: '', noTasks: '' }
  let described: ReturnType<typeof openApiSchemas>

  beforeAll(async () => {
    await receiver.start()
    desk = await deskTestSetup(kind, START)
    const clients = desk.setup.composition.services.apiClients
    secrets.hln = (
      await clients.add({
        name: 'HLN CRM',
        country: 'BE',
        brands: ['HLN', 'HUMO'],
        tasks: true,
        contactEmail: 'crm@hln.test',
      })
    ).secret
    secrets.vtm = (
      await clients.add({ name: 'VTM GO', country: 'BE', brands: ['VTMGO'], tasks: true })
    ).secret
    secrets.idsOnly = (
      await clients.add({ name: 'BE archief', country: 'BE', contactData: false, tasks: true })
    ).secret
    secrets.nl = (await clients.add({ name: 'AD CRM', country: 'NL', tasks: true })).secret
    secrets.noTasks = (await clients.add({ name: 'BE mailing', country: 'BE' })).secret
    const admin = desk.setup.composition.webhooks.admin
    const endpoint = await admin.register('HLN CRM', receiver.url, ['task.created', 'request.verified'])
    receiver.setSecret(endpoint.secret)
    described = openApiSchemas((await request(desk.app).get('/api/openapi.json').set('Host', SITES.BE)).body)
  })
  afterAll(async () => {
    await desk?.close()
    await receiver.stop()
  })

  const call = (secret: string) => ({
    get: (path: string) =>
      request(desk.app).get(path).set('Host', SITES.BE).set('Authorization', `Bearer ${secret}`),
    post: (path: string) =>
      request(desk.app).post(path).set('Host', SITES.BE).set('Authorization', `Bearer ${secret}`),
  })
  const expectDescribed = (pointer: string, value: unknown) => {
    const validate = described.at(pointer)
    expect(validate(value), JSON.stringify(validate.errors)).toBe(true)
  }
  const verified = async (flowType: string, country: 'BE' | 'NL' = 'BE', extra: object = {}) => {
    const email = desk.email(flowType.toLowerCase(), country)
    const reference = await desk.submit(email, country, { flowType, ...extra })
    await desk.verify(email, reference, country)
    return { email, reference }
  }
  const taskOf = async (secret: string, reference: string) => {
    const page = await call(secret).get(`${TASKS}?limit=1000`)
    expect(page.status).toBe(200)
    return (page.body.items as { id: string; reference: string }[]).find(
      (task) => task.reference === reference,
    )
  }
  const tick = () => desk.setup.composition.webhooks.worker?.tick()

  it('gives a verified access request one task per client of its country that takes tasks, and none elsewhere', async () => {
    const before = receiver.received.length
    const { email, reference } = await verified('RIGHT_OF_ACCESS', 'BE', {
      userInfo: { firstName: 'Sam', lastName: 'Peeters' },
    })
    const hln = await taskOf(secrets.hln, reference)
    expect(hln).toMatchObject({
      reference,
      right: 'access',
      country: 'BE',
      language: 'fr',
      status: 'waiting',
      brandKeys: ['HLN', 'HLN_DIGITAL', 'HUMO', 'HUMO_DIGITAL'],
      subject: { email, firstName: 'Sam', lastName: 'Peeters' },
      files: [],
    })
    expectDescribed('/components/schemas/Task', hln)
    expect(await taskOf(secrets.vtm, reference)).toBeDefined()
    // A client registered with --ids-only learns who the request is about from no field.
    const idsOnly = await taskOf(secrets.idsOnly, reference)
    expect(idsOnly).toBeDefined()
    expect(idsOnly).not.toHaveProperty('subject')
    expect(JSON.stringify(idsOnly)).not.toContain(email)
    // Another country's client, and a client without tasks, get none.
    expect(await taskOf(secrets.nl, reference)).toBeUndefined()
    expect((await call(secrets.noTasks).get(TASKS)).body.items).toEqual([])
    const db = desk.setup.composition.db.db
    const rows = await db
      .selectFrom('brand_tasks as t')
      .innerJoin('privacy_requests as r', 'r.id', 't.request_id')
      .select('t.client_id')
      .where('r.reference', '=', reference)
      .execute()
    expect(rows).toHaveLength(3)
    // task.created, signed, to the client's own endpoint only; request.verified too.
    await tick()
    const events = receiver.received.slice(before)
    expect(receiver.refused).toEqual([])
    expect(events.map((event) => event.type).sort()).toEqual(['request.verified', 'task.created'])
    const created = events.find((event) => event.type === 'task.created')
    expect(created?.data).toMatchObject({ reference, task: { id: hln?.id, right: 'access' } })
    expect(timelineWords(await desk.detail(reference))).toContain('tasks-created')
  })

  it('sends request.verified only to clients whose brands the request concerns', async () => {
    const before = receiver.received.length
    const email = desk.email('objection')
    const vtmOnly = await desk.submit(email, 'BE', {
      flowType: 'OBJECTION',
      brands: ['VTMGO'],
      communicationTypes: ['EMAIL'],
    })
    await desk.verify(email, vtmOnly)
    await tick()
    expect(receiver.received.slice(before).filter((event) => event.data.reference === vtmOnly)).toEqual([])
    // An objection (no task) to one of its brands does reach it.
    const hlnObjection = await desk.submit(email, 'BE', {
      flowType: 'OBJECTION',
      brands: ['HLN'],
      communicationTypes: ['EMAIL'],
    })
    await desk.verify(email, hlnObjection)
    await tick()
    const types = receiver.received
      .slice(before)
      .filter((event) => event.data.reference === hlnObjection)
      .map((event) => event.type)
    expect(types).toEqual(['request.verified'])
  })

  it('reads the task feed with the suppression feed’s cursor rules', async () => {
    for (let i = 0; i < 3; i++) await verified('RIGHT_TO_BE_FORGOTTEN')
    const all = (await call(secrets.vtm).get(`${TASKS}?limit=1000`)).body.items as { id: string }[]
    expect(all.length).toBeGreaterThanOrEqual(4)
    const first = await call(secrets.vtm).get(`${TASKS}?limit=2`)
    expect(first.body.items).toHaveLength(2)
    expect(first.body.next).toMatch(/^\d+$/)
    expectDescribed('/components/schemas/TaskPage', first.body)
    const second = await call(secrets.vtm).get(`${TASKS}?limit=2&after=${first.body.next}`)
    expect(second.body.items[0].id).toBe(all[2]?.id)
    // After the id of the last task one has: the same.
    const byId = await call(secrets.vtm).get(`${TASKS}?limit=2&after=${first.body.items[1].id}`)
    expect(byId.body.items[0].id).toBe(all[2]?.id)
    // A shorter page ends the walk for now.
    const end = await call(secrets.vtm).get(`${TASKS}?limit=1000&after=${first.body.next}`)
    expect(end.body.next).toBeNull()
    // Another client's task id is no cursor of this client's (as unknown as a made-up one).
    const hlnTask = ((await call(secrets.hln).get(TASKS)).body.items as { id: string }[])[0]
    const foreign = await call(secrets.vtm).get(`${TASKS}?after=${hlnTask?.id}`)
    expect(foreign.status).toBe(400)
    expect(foreign.body.error.code).toBe('VALIDATION_FAILED')
    expect((await request(desk.app).get(TASKS).set('Host', SITES.BE)).status).toBe(401)
  })

  it('takes each answer once: the same again is 200, another is 409 TASK_ANSWERED, a wrong one 400', async () => {
    const { reference } = await verified('RIGHT_TO_BE_FORGOTTEN')
    const task = await taskOf(secrets.vtm, reference)
    const result = (secret: string, body: object) =>
      call(secret).post(`${TASKS}/${task?.id}/result`).send(body)
    // Outcomes of another right, a refusal without its ground, a ground without refusal: 400, nothing stored.
    for (const body of [
      { outcome: 'found' },
      { outcome: 'refused' },
      { outcome: 'erased', refusalGround: 'IDENTITY' },
      { outcome: 'erased', extra: true },
      { outcome: 'ERASED' },
    ]) {
      const answer = await result(secrets.vtm, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.error.code).toBe('VALIDATION_FAILED')
    }
    // Someone else's task: as unknown as none.
    expect((await result(secrets.hln, { outcome: 'erased' })).status).toBe(404)
    expect(
      (await call(secrets.vtm).post(`${TASKS}/not-a-task/result`).send({ outcome: 'erased' })).status,
    ).toBe(404)
    const first = await result(secrets.vtm, {
      outcome: 'erased',
      note: 'Account en kijkgeschiedenis gewist.',
    })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({
      status: 'answered',
      outcome: 'erased',
      note: 'Account en kijkgeschiedenis gewist.',
    })
    expectDescribed('/components/schemas/Task', first.body)
    const again = await result(secrets.vtm, {
      outcome: 'erased',
      note: 'Account en kijkgeschiedenis gewist.',
    })
    expect(again.status).toBe(200)
    expect(again.body.answeredAt).toBe(first.body.answeredAt)
    const other = await result(secrets.vtm, { outcome: 'not_found' })
    expect(other.status).toBe(409)
    expect(other.body.error.code).toBe('TASK_ANSWERED')
    const detail = await desk.detail(reference)
    const mine = detail.tasks.find((row) => row.client === 'VTM GO')
    expect(mine).toMatchObject({ state: 'answered', outcome: 'erased', brands: ['VTM GO'] })
    expect(timelineWords(detail).filter((word) => word === 'task-answered')).toHaveLength(1)
  })

  it('stores an access answer’s files encrypted, whole or not at all, within their limits', async () => {
    const { email, reference } = await verified('RIGHT_OF_ACCESS')
    const task = await taskOf(secrets.hln, reference)
    const upload = (
      type: string,
      body: Buffer | string,
      name?: string,
      headers: Record<string, string> = {},
    ) => {
      let post = call(secrets.hln).post(
        `${TASKS}/${task?.id}/files${name ? `?name=${encodeURIComponent(name)}` : ''}`,
      )
      for (const [key, value] of Object.entries(headers)) post = post.set(key, value)
      return post.set('Content-Type', type).send(body)
    }
    const csv = `naam;e-mail;abonnement\nSam Peeters;${email};HLN+ sinds 2019\n`
    const stored = await upload('text/csv', csv, 'hln-abonnement.csv')
    expect(stored.status, JSON.stringify(stored.body)).toBe(201)
    expect(stored.body).toMatchObject({
      name: 'hln-abonnement.csv',
      contentType: 'text/csv',
      sha256: sha256(csv),
    })
    expectDescribed('/components/schemas/TaskFile', stored.body)
    // Not of its type, cut off, or not what its digest says: refused, nothing kept.
    const refused = [
      await upload('image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47])),
      await upload('application/pdf', samplePdf('x').subarray(0, 60)),
      await upload('application/pdf', 'not a pdf at all'),
      await upload('application/zip', Buffer.from('PK\u0003\u0004 cut off', 'latin1')),
      await upload('application/json', '{"name": "Sam", "orders": ['),
      await upload('text/csv', Buffer.from([0x6e, 0x61, 0xff, 0xfe])),
      await upload('text/csv', csv, 'x.csv', {
        'Content-Digest': `sha-256=:${createHash('sha256').update('other').digest('base64')}:`,
      }),
    ]
    expect(refused.map((answer) => answer.status)).toEqual([415, 400, 400, 400, 400, 400, 400])
    expect(refused.slice(1).every((answer) => answer.body.error.code === 'FILE_REFUSED')).toBe(true)
    // Over 25 MB by its Content-Length: refused before a byte is read, naming the limit.
    const large = await upload('application/pdf', Buffer.alloc(0), undefined, {
      'Content-Length': String(25 * 1024 * 1024 + 1),
    }).catch((error: { response?: request.Response }) => error.response)
    expect(large?.status).toBe(413)
    expect(large?.body.error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('25 MB'),
    })
    const db = desk.setup.composition.db.db
    const files = () =>
      db
        .selectFrom('task_files')
        .select(['id', 'name', 'completed_at'])
        .where('task_id', '=', task?.id ?? '')
        .execute()
    expect((await files()).map((file) => file.name)).toEqual(['hln-abonnement.csv'])
    // At rest: no chunk holds the plain text, and the file reads back whole through the desk.
    const chunks = await db.selectFrom('task_file_chunks').select('data').execute()
    expect(chunks.length).toBeGreaterThan(0)
    for (const { data } of chunks) {
      expect(Buffer.from(data).includes(Buffer.from(email))).toBe(false)
      expect(Buffer.from(data).includes(Buffer.from('Sam Peeters'))).toBe(false)
    }
    const detail = await desk.detail(reference)
    const file = detail.tasks.find((row) => row.client === 'HLN CRM')?.files[0]
    expect(file).toMatchObject({ name: 'hln-abonnement.csv', size: Buffer.byteLength(csv) })
    const opened = await desk.get(`${API}/${reference}/files/${file?.id}`).buffer(true).parse(binary)
    expect(opened.status).toBe(200)
    expect(opened.headers['content-type']).toMatch(/^text\/csv/)
    expect(sha256(opened.body as Buffer)).toBe(sha256(csv))
    // The audit trail records the opening, never the file's name.
    const audit = await db
      .selectFrom('staff_audit_log')
      .select(['action', 'details'])
      .where('action', '=', 'FILE_OPENED')
      .execute()
    expect(audit.at(-1)?.details).toBe(JSON.stringify({ fileId: file?.id }))
    // Customer service may not open it.
    expect((await desk.get(`${API}/${reference}/files/${file?.id}`, desk.cookies.anna)).status).toBe(403)
  })

  it('keeps nothing of an upload whose connection ends before its body does', async () => {
    const { reference } = await verified('RIGHT_OF_ACCESS')
    const task = await taskOf(secrets.hln, reference)
    const server = desk.app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const port = (server.address() as { port: number }).port
      const pdf = samplePdf('cut off')
      await new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            `POST ${TASKS}/${task?.id}/files?name=cut.pdf HTTP/1.1\r\nHost: ${SITES.BE}\r\nAuthorization: Bearer ${secrets.hln}\r\nContent-Type: application/pdf\r\nContent-Length: ${pdf.length + 5000}\r\n\r\n`,
          )
          socket.end(pdf)
        })
        socket.on('close', () => resolve())
        socket.on('error', () => resolve())
        socket.resume()
      })
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
    const db = desk.setup.composition.db.db
    await expect
      .poll(
        async () =>
          (
            await db
              .selectFrom('task_files')
              .select('id')
              .where('task_id', '=', task?.id ?? '')
              .execute()
          ).length,
      )
      .toBe(0)
    const page = await call(secrets.hln).get(`${TASKS}?limit=1000`)
    expect(
      (page.body.items as { id: string; files: unknown[] }[]).find((item) => item.id === task?.id)?.files,
    ).toEqual([])
  })

  it('refuses a file beyond 100 MB for all files of a request, naming the limit', async () => {
    const { reference } = await verified('RIGHT_OF_ACCESS')
    const task = await taskOf(secrets.hln, reference)
    const db = desk.setup.composition.db.db
    const row = await db
      .selectFrom('brand_tasks')
      .select(['request_id'])
      .where('id', '=', task?.id ?? '')
      .executeTakeFirstOrThrow()
    // Four files of 25 MB each already (their bytes do not matter to the count).
    for (let i = 0; i < 4; i++)
      await db
        .insertInto('task_files')
        .values({
          id: crypto.randomUUID(),
          task_id: task?.id ?? '',
          request_id: row.request_id,
          name: `deel-${i}.pdf`,
          content_type: 'application/pdf',
          created_at: desk.now.toISOString(),
          size: 25 * 1024 * 1024,
          chunks: 0,
          sha256: null,
          completed_at: desk.now.toISOString(),
        })
        .execute()
    const answer = await call(secrets.hln)
      .post(`${TASKS}/${task?.id}/files?name=one-more.csv`)
      .set('Content-Type', 'text/csv')
      .send('a;b\n')
    expect(answer.status).toBe(413)
    expect(answer.body.error.message).toContain('100 MB')
  })

  it('refuses to complete while a task waits (409 TASKS_OPEN), unless the team says why; and refuses placeholders', async () => {
    const { reference } = await verified('RECTIFICATION', 'BE', {
      userMessage: 'Mijn naam is Sam Peeters, niet Sam Peters.',
    })
    const task = await taskOf(secrets.hln, reference)
    expect(task).toMatchObject({
      right: 'rectification',
      correction: { message: 'Mijn naam is Sam Peeters, niet Sam Peters.' },
    })
    // A reply that still holds a template's placeholder never reaches the requester.
    const placeholder = await desk.post(`${API}/${reference}/complete`, {
      message: 'Corrigé chez : [à compléter]',
    })
    expect(placeholder.status).toBe(400)
    expect(placeholder.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ field: 'message', rule: 'placeholder' }],
    })
    expect(placeholder.body.error.message).toContain('[à compléter]')
    const open = await desk.post(`${API}/${reference}/complete`, { message: 'Vos données sont corrigées.' })
    expect(open.status).toBe(409)
    expect(open.body.error.code).toBe('TASKS_OPEN')
    expect((await desk.detail(reference)).status).toBe('open')
    const done = await desk.post(`${API}/${reference}/complete`, {
      message: 'Vos données sont corrigées.',
      closeWithoutTasks: 'Les autres marques n’ont pas de compte à ce nom (vérifié par téléphone).',
    })
    expect(done.status).toBe(200)
    const detail = await desk.detail(reference)
    expect(detail.status).toBe('completed')
    const waived = detail.timeline.find((event) => event.kind === 'tasks-waived')
    expect(waived).toMatchObject({ detail: '3', text: expect.stringContaining('vérifié par téléphone') })
    const db = desk.setup.composition.db.db
    const audit = await db
      .selectFrom('staff_audit_log')
      .select('details')
      .where('action', '=', 'REQUEST_COMPLETED')
      .execute()
    expect(audit.map((row) => JSON.parse(row.details))).toContainEqual({ tasksWaived: 3 })
    // The tasks of a closed request need no answer any more.
    const late = await call(secrets.hln).post(`${TASKS}/${task?.id}/result`).send({ outcome: 'rectified' })
    expect(late.status).toBe(409)
    expect(late.body.error.code).toBe('TASK_CLOSED')
    expect(await taskOf(secrets.hln, reference)).toMatchObject({ status: 'closed' })
  })

  it('mails the digest and, once, the client’s contact about tasks unanswered for 10 days', async () => {
    const { reference } = await verified('RIGHT_TO_BE_FORGOTTEN')
    const later = new Date(desk.now.getTime() + 11 * DAY_MS)
    const run = () => desk.at(later, () => desk.desk.runDeadlines())
    const first = await run()
    expect(first.tasksMailed).toBeGreaterThan(0)
    const [contact] = await desk.sink.waitFor(
      (mail) => JSON.stringify(mail.to).includes('crm@hln.test') && (mail.text ?? '').includes(reference),
    )
    expect(contact?.subject).toMatch(/HLN CRM/)
    const [digest] = await desk.sink.waitFor(
      (mail) =>
        JSON.stringify(mail.to).includes('privacy-be@desk.test') &&
        (mail.text ?? '').includes(`${reference} ·`),
    )
    expect(digest?.text).toMatch(/VTM GO/)
    // Once: the next run mails the contact nothing more about it.
    const second = await desk.at(new Date(later.getTime() + DAY_MS), () => desk.desk.runDeadlines())
    expect(second.tasksMailed).toBe(0)
  })
})
