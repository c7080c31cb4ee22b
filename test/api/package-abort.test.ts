import { createHash, randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { get, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '#server/logger.ts'
import { DATABASES } from '../support/app'
import { type DeskBench, deskTestSetup, SITES, timelineWords } from '../support/desk'
import { binary, unzip } from '../support/files'

/**
 * Issue 30 item 4: an access package and a desk file are sent as they are read. A requester or a desk member
 * who leaves mid-way stops the reading: no error is logged, no 5xx, no database connection stays taken (the
 * pool has one), the download is not recorded as done, and the next download is whole.
 */
const START = new Date('2026-11-02T09:00:00Z')
const TASKS = '/api/v1/tasks'
const API = '/api/internal-privacy-rights/requests'
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
/** A PDF of 6 MB that does not compress: far more than the sockets' buffers hold. */
const BIG_PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  randomBytes(6 * 1024 * 1024),
  Buffer.from('\n%%EOF\n'),
])

describe.each(DATABASES)('a download left mid-way on %s (issue 30)', (kind) => {
  const logLines: { level: number; status?: number; msg?: string }[] = []
  let desk: DeskBench
  let server: Server
  let secret = ''

  beforeAll(async () => {
    const sink = { write: (line: string) => void logLines.push(JSON.parse(line)) }
    desk = await deskTestSetup(
      kind,
      START,
      { DATABASE_POOL_SIZE: '1' },
      { logger: createLogger('info', sink) },
    )
    const clients = desk.setup.composition.services.apiClients
    secret = (await clients.add({ name: 'HLN CRM', country: 'BE', brands: ['HLN'], tasks: true })).secret
    server = desk.app.listen(0, '127.0.0.1')
    await once(server, 'listening')
  }, 120_000)
  afterAll(async () => {
    server?.close()
    await desk?.close()
  })

  const api = (method: 'get' | 'post', path: string) =>
    request(desk.app)[method](path).set('Host', SITES.BE).set('Authorization', `Bearer ${secret}`)

  /** A completed access request whose package holds BIG_PDF; its reference, link token, file id and cookie. */
  async function bigPackage() {
    const email = desk.email('gros')
    const reference = await desk.submit(email, 'BE', { flowType: 'RIGHT_OF_ACCESS' })
    await desk.verify(email, reference)
    const tasks = (await api('get', `${TASKS}?limit=1000`)).body.items as { id: string; reference: string }[]
    const task = tasks.find((item) => item.reference === reference)
    const uploaded = await api('post', `${TASKS}/${task?.id}/files?name=facture.pdf`)
      .set('Content-Type', 'application/pdf')
      .send(BIG_PDF)
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201)
    expect((await api('post', `${TASKS}/${task?.id}/result`).send({ outcome: 'found' })).status).toBe(200)
    expect((await desk.post(`${API}/${reference}/complete`, { message: 'Voici vos données.' })).status).toBe(
      200,
    )
    const reply = await desk.mailAbout(email, reference, /^Réponse/)
    const token = /privacy-rights\/status\?token=([\w-]+)/.exec(reply?.text ?? '')?.[1] ?? ''
    const cookie = await desk.unlock(email, reference, token)
    return { reference, token, cookie, fileId: uploaded.body.id as string }
  }

  /** Starts a download on a real socket, takes its first bytes and leaves. */
  async function leaveMidway(path: string, headers: Record<string, string>) {
    const { port } = server.address() as AddressInfo
    const response = await new Promise<IncomingMessage>((resolve, reject) =>
      get({ port, host: '127.0.0.1', path, headers }, resolve).on('error', reject),
    )
    expect(response.statusCode).toBe(200)
    const [first] = (await once(response, 'data')) as [Buffer]
    expect(first.length).toBeGreaterThan(0)
    response.destroy()
    await once(response, 'close')
  }

  it('the requester leaves mid-package: nothing logged, not recorded, the next download whole', async () => {
    const { reference, token, cookie } = await bigPackage()
    const path = `/fr/privacy-rights/status/package?token=${token}`
    await leaveMidway(path, { Host: SITES.BE, Cookie: cookie })
    // The instance still answers, with its one database connection free.
    const page = await request(desk.app)
      .get(`/fr/privacy-rights/status?token=${token}`)
      .set('Host', SITES.BE)
      .set('Cookie', cookie)
    expect(page.status).toBe(200)
    expect(timelineWords(await desk.detail(reference))).not.toContain('package-downloaded')
    const whole = await request(desk.app)
      .get(path)
      .set('Host', SITES.BE)
      .set('Cookie', cookie)
      .buffer(true)
      .parse(binary)
    expect(whole.status).toBe(200)
    const entries = await unzip(whole.body as Buffer)
    expect(sha256(entries.get('HLN CRM/facture.pdf') ?? Buffer.alloc(0))).toBe(sha256(BIG_PDF))
    await expect.poll(async () => timelineWords(await desk.detail(reference))).toContain('package-downloaded')
    expect(logLines.filter((line) => line.level >= 50 || (line.status ?? 0) >= 500)).toEqual([])
  })

  it('a desk member leaves mid-file: nothing logged, the next download whole', async () => {
    const { reference, fileId } = await bigPackage()
    const path = `${API}/${reference}/files/${fileId}`
    await leaveMidway(path, { Host: 'nl.localhost', Cookie: desk.cookies.lisa })
    const whole = await desk.get(path).buffer(true).parse(binary)
    expect(whole.status).toBe(200)
    expect(whole.headers['content-length']).toBe(String(BIG_PDF.length))
    expect(sha256(whole.body as Buffer)).toBe(sha256(BIG_PDF))
    expect(logLines.filter((line) => line.level >= 50 || (line.status ?? 0) >= 500)).toEqual([])
  })
})
