import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CSV_MAX_ROWS } from '#shared/privacy-rights/desk.ts'
import { DATABASES } from '../support/app'
import { DESK_API as API, DAY_MS, type DeskBench, deskTestSetup } from '../support/desk'
import { requestRow } from '../support/rows'

const NOW = new Date('2026-11-02T09:00:00Z')
/** The unambiguous alphabet of references (server/db/references.ts). */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'

/** `count` open requests written straight into the table, a due date each day further on. */
async function fillQueue(desk: DeskBench, count: number) {
  const db = desk.setup.composition.db.db
  const batch = 1_000
  for (let start = 0; start < count; start += batch) {
    const rows = Array.from({ length: Math.min(batch, count - start) }, (_, offset) => {
      const i = start + offset
      const code = Array.from({ length: 5 }, (_, place) => ALPHABET[Math.floor(i / 32 ** place) % 32]).join(
        '',
      )
      const due = new Date(NOW.getTime() + (1 + (i % 300)) * DAY_MS).toISOString()
      return requestRow({
        id: `export-${i}`,
        status: i === 0 ? 'completed' : 'open',
        email: `r${i}@example.nl`,
        user_message: 'Vrije tekst die nooit in de export hoort',
        created_at: NOW.toISOString(),
        verified_at: NOW.toISOString(),
        due_at: due,
        reference: `NL-261102-${code}`,
      })
    })
    await db.insertInto('privacy_requests').values(rows).execute()
  }
}

describe.each(DATABASES)('the CSV export at its ceiling on %s', (kind) => {
  let desk: DeskBench
  beforeAll(async () => {
    desk = await deskTestSetup(kind, NOW)
    await fillQueue(desk, CSV_MAX_ROWS + 1)
  }, 120_000)
  afterAll(() => desk?.close())

  const csvLines = (text: string) => text.slice(1).replace(/\r\n$/, '').split('\r\n')

  it('cuts at 50,000 rows, soonest due first, and says so in its last line, its name and a header', async () => {
    for (const [lang, notice] of [
      ['nl', 'Afgekapt: dit bestand bevat de eerste 50.000 van 50.001 aanvragen'],
      ['fr', 'Fichier tronqué : il contient les 50 000 premières des 50 001 demandes'],
    ] as const) {
      const csv = await desk.get(`${API}.csv?lang=${lang}`)
      expect(csv.status).toBe(200)
      expect(csv.headers['x-truncated']).toBe('true')
      expect(csv.headers['x-total-count']).toBe('50001')
      expect(csv.headers['content-disposition']).toMatch(
        /^attachment; filename="privacy-requests-\d{4}-\d{2}-\d{2}-first-50000-of-50001\.csv"$/,
      )
      const lines = csvLines(csv.text)
      // The header, 50,000 requests, and the notice.
      expect(lines).toHaveLength(1 + CSV_MAX_ROWS + 1)
      expect(lines.at(-1)?.replace(/\u202f|\u00a0/g, ' ')).toContain(notice.replace(/\u202f|\u00a0/g, ' '))
      expect(lines.at(-2)).toMatch(/^NL-261102-[2-9A-Z]{5};RIGHT_OF_ACCESS;NL;nl;open;/)
      const due = lines.slice(1, -1).map((line) => line.split(';')[7] ?? '')
      expect(due).toEqual([...due].sort())
      expect(csv.text).not.toContain('Vrije tekst')
      expect(csv.text).not.toContain('@example.nl')
    }
  })

  it('a filtered export under the ceiling is whole, without notice', async () => {
    const csv = await desk.get(`${API}.csv?status=completed`)
    expect(csv.status).toBe(200)
    expect(csv.headers['x-truncated']).toBeUndefined()
    expect(csv.headers['x-total-count']).toBe('1')
    expect(csv.headers['content-disposition']).toMatch(/filename="privacy-requests-\d{4}-\d{2}-\d{2}\.csv"$/)
    const lines = csvLines(csv.text)
    expect(lines).toHaveLength(2)
    expect(lines[1]).toMatch(/^NL-261102-22222;RIGHT_OF_ACCESS;NL;nl;completed;/)
  })
})
