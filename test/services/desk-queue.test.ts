import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { findByReference } from '#server/db/privacy-request-repository.ts'
import { recordChange } from '#server/db/request-changes.ts'
import { extendRequest, rejectRequest } from '#server/services/desk-actions.ts'
import { showRequest } from '#server/services/desk-detail.ts'
import { exportQueue, listQueue, type QueueExport } from '#server/services/desk-queue.ts'
import { DAY_MS, LISA, type MemoryDesk, memoryDesk } from '../support/memory-desk'

/** Issue 31: the queue, its CSV export and the one write path, without HTTP. */
const START = new Date('2026-03-02T09:00:00Z')

let bench: MemoryDesk
beforeEach(async () => {
  bench = await memoryDesk(START)
})
afterEach(() => bench.close())

describe('the queue', () => {
  it('lists the staff member’s countries, soonest due first, with the days left of active requests only', async () => {
    const pending = await bench.submit(bench.email())
    const be = await bench.verified('RIGHT_OF_ACCESS', 'BE')
    bench.setNow(new Date(START.getTime() + DAY_MS))
    const nl = await bench.verified('RIGHT_OF_ACCESS', 'NL')
    const { items, total } = await listQueue(bench.deps, LISA, {})
    expect(total).toBe(3)
    expect(items.map((item) => [item.reference, item.status, item.daysLeft])).toEqual([
      [be.reference, 'open', 30],
      [nl.reference, 'open', 31],
      [pending, 'pending', null],
    ])
    const dutch = await listQueue(bench.deps, { ...LISA, countries: ['NL'] }, {})
    expect(dutch.items.map((item) => item.reference)).toEqual([nl.reference])
    expect((await listQueue(bench.deps, LISA, { status: 'pending' })).items).toHaveLength(1)
    expect((await listQueue(bench.deps, LISA, { q: be.email.toUpperCase() })).items).toHaveLength(1)
    expect((await listQueue(bench.deps, LISA, { limit: 1, offset: 1 })).items[0]?.reference).toBe(
      nl.reference,
    )
  })

  it('exports its rows as CSV in the staff member’s language, with the extension’s date and the refusal’s ground', async () => {
    const extended = await bench.verified('RIGHT_OF_ACCESS', 'NL')
    await extendRequest(bench.deps, LISA, extended.reference, 'Veel systemen.')
    const refused = await bench.verified('RIGHT_TO_BE_FORGOTTEN', 'BE')
    await rejectRequest(bench.deps, LISA, refused.reference, 'IDENTITY', 'Niet geïdentificeerd.')
    const file = await exportQueue(bench.deps, LISA, {}, 'fr_be')
    expect(file).toMatchObject({ rows: 2, total: 2 })
    const text = await textOf(file)
    const [header, ...rows] = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(header).toBe(
      'Référence;Type de demande;Pays;Langue;Statut;Reçue;Confirmée;Échéance;Jours restants;Clôturée;Prolongée le;Motif du refus',
    )
    // Soonest due first; times as the request's country's clocks showed them, with their offset; no free text.
    expect(rows).toEqual([
      `${refused.reference};RIGHT_TO_BE_FORGOTTEN;BE;fr;rejected;2026-03-02T10:00:00+01:00;2026-03-02T10:00:00+01:00;2026-04-02T11:00:00+02:00;;2026-03-02T10:00:00+01:00;;IDENTITY`,
      `${extended.reference};RIGHT_OF_ACCESS;NL;nl;extended;2026-03-02T10:00:00+01:00;2026-03-02T10:00:00+01:00;2026-06-02T11:00:00+02:00;92;;2026-03-02T10:00:00+01:00;`,
    ])
    expect(text).not.toContain('Veel systemen.')
    expect((await exportQueue(bench.deps, LISA, { status: 'open' }, 'nl_nl')).rows).toBe(0)
  })
})

describe('one write path for a request’s change', () => {
  it('writes nothing, neither status, timeline nor mail, when another writer changed the request first', async () => {
    const { reference } = await bench.verified()
    const request = await findByReference(bench.db.db, reference)
    const before = await showRequest(bench.deps, LISA, reference)
    const mails = (await bench.mails(reference)).length
    const written = await recordChange(bench.db, START.toISOString(), {
      requestId: request?.id ?? '',
      update: { status: 'completed', closedAt: START.toISOString() },
      from: ['extended'],
      events: [{ kind: 'completed', occurredAt: START.toISOString() }],
      mails: [
        {
          kind: 'completed',
          aboutId: request?.id ?? null,
          to: 'x@example.be',
          subject: 's',
          text: 't',
          html: 'h',
        },
      ],
    })
    expect(written).toBe(false)
    expect(await showRequest(bench.deps, LISA, reference)).toEqual(before)
    expect(await bench.mails(reference)).toHaveLength(mails)
  })
})

/** The streamed file whole. */
async function textOf(file: QueueExport): Promise<string> {
  let text = ''
  for await (const page of file.chunks) text += page.join('')
  return text
}
