import { once } from 'node:events'
import { get, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '#server/logger.ts'
import { importCampaigns } from '#server/services/campaign-import.ts'
import { EXPORT_PAGE } from '#server/services/political-ads.ts'
import { DATABASES, testDatabaseUrl, testSetup } from '../support/app'
import { campaignItem } from '../support/campaigns'

/**
 * Issue 30: the open-data export is written a page of notices at a time. An export of more notices than
 * three pages holds every notice once, in the list's order, as one valid JSON document whose bytes are those
 * of the whole object written at once; a client that leaves mid-export costs no error and no connection.
 */
const HOST = 'privacy-acc.dpgmedia.nl'
const COUNT = EXPORT_PAGE * 2 + 100
const NOW = new Date('2026-11-20T10:00:00Z')

/** Notices whose publication starts on one of 30 days: many share a day, so the id orders them within it. */
const notices = Array.from({ length: COUNT }, (_, i) =>
  campaignItem(`bulk-${String((i * 7919) % COUNT).padStart(5, '0')}`, {
    publicationStartDate: `2026-10-${String(1 + (i % 30)).padStart(2, '0')}`,
    sponsorName: `Sponsor ${i}; "quoted"`,
  }),
)
/** The list's order: newest publication first, then id. */
const expectedIds = [...notices]
  .sort((a, b) => b.publicationStartDate.localeCompare(a.publicationStartDate) || a.id.localeCompare(b.id))
  .map((notice) => notice.id)

describe.each(DATABASES)('the open-data export streams on %s', (kind) => {
  const logLines: { level: number; status?: number }[] = []
  let setup: Awaited<ReturnType<typeof testSetup>>
  let server: Server
  beforeAll(async () => {
    const sink = { write: (line: string) => void logLines.push(JSON.parse(line)) }
    // One connection: a query left running by a client that went away would stall every later request.
    setup = await testSetup(
      { DATABASE_URL: await testDatabaseUrl(kind), DATABASE_POOL_SIZE: '1' },
      createLogger('info', sink),
    )
    await importCampaigns(setup.composition.db, notices, { country: 'NL', now: NOW })
    server = setup.app.listen(0, '127.0.0.1')
    await once(server, 'listening')
  }, 120_000)
  afterAll(async () => {
    server?.close()
    await setup?.composition.close()
  })

  const exportOf = (format: 'json' | 'csv') =>
    request(setup.app).get(`/api/campaign-items.${format}`).set('Host', HOST)
  const ours = (ids: string[]) => ids.filter((id) => id.startsWith('bulk-'))

  it('writes every notice once, in order, as the JSON the whole object makes', async () => {
    const response = await exportOf('json')
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    const text = response.text
    const body = JSON.parse(text) as { country: string; campaignItems: { id: string; sponsorName: string }[] }
    expect(JSON.stringify(body)).toBe(text)
    expect(Object.keys(body)).toEqual(['country', 'exportedAt', 'campaignItems', 'removed'])
    const ids = body.campaignItems.map((item) => item.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ours(ids)).toEqual(expectedIds)
    const byId = new Map(notices.map((notice) => [notice.id, notice]))
    for (const item of body.campaignItems.filter((notice) => notice.id.startsWith('bulk-')))
      expect(item.sponsorName).toBe(byId.get(item.id)?.sponsorName)
  })

  it('writes the CSV with its byte-order mark, a header and one line per notice, in order', async () => {
    const response = await exportOf('csv')
    expect(response.status).toBe(200)
    expect(response.headers['content-disposition']).toBe('attachment; filename=campaign-items-nl.csv')
    const text = response.text
    expect(text.startsWith('\uFEFF')).toBe(true)
    expect(text.endsWith('\r\n')).toBe(true)
    const lines = text.slice(1, -2).split('\r\n')
    expect(ours(lines.slice(1).map((line) => line.split(';')[0] ?? ''))).toEqual(expectedIds)
  })

  it('a client leaving mid-export frees the instance: no error, no query left, the next export whole', async () => {
    const { port } = server.address() as AddressInfo
    const response = await new Promise<IncomingMessage>((resolve, reject) =>
      get({ port, host: '127.0.0.1', path: '/api/campaign-items.json', headers: { Host: HOST } }, resolve).on(
        'error',
        reject,
      ),
    )
    expect(response.statusCode).toBe(200)
    const [first] = (await once(response, 'data')) as [Buffer]
    expect(first.toString()).toMatch(/^\{"country":"NL"/)
    response.destroy()
    await once(response, 'close')
    // With its only connection still held, this would wait past the test's time.
    const next = await exportOf('json')
    expect(
      ours((JSON.parse(next.text) as { campaignItems: { id: string }[] }).campaignItems.map((i) => i.id)),
    ).toEqual(expectedIds)
    expect(logLines.filter((line) => line.level >= 50 || (line.status ?? 0) >= 500)).toEqual([])
  })
})
