import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addNote, completeRequest, extendRequest, rejectRequest } from '#server/services/desk-actions.ts'
import { showRequest } from '#server/services/desk-detail.ts'
import {
  InvalidTransition,
  NotFound,
  PlaceholderLeft,
  TasksOpen,
  ValidationFailed,
} from '#server/services/errors.ts'
import { DAY_MS, LISA, type MemoryDesk, memoryDesk } from '../support/memory-desk'

/** Issue 31: the desk's rules, called as plain functions on an in-memory database and the injected clock. */
const START = new Date('2026-03-02T09:00:00Z')
const kinds = (detail: { timeline: { kind: string }[] }) => detail.timeline.map((event) => event.kind)

let bench: MemoryDesk
beforeEach(async () => {
  bench = await memoryDesk(START)
})
afterEach(() => bench.close())

describe('extending a request', () => {
  it('moves the due date two months past the first, once, with the reason on the timeline and in a mail', async () => {
    const { reference } = await bench.verified()
    const before = await showRequest(bench.deps, LISA, reference)
    expect(before).toMatchObject({ status: 'open', dueAt: '2026-04-02T09:00:00.000Z', daysLeft: 31 })
    expect(before.actions.extend).toBe(true)

    const extended = await extendRequest(bench.deps, LISA, reference, 'Veel systemen te doorzoeken.')
    expect(extended).toMatchObject({
      status: 'extended',
      dueAt: '2026-06-02T09:00:00.000Z',
      originalDueAt: '2026-04-02T09:00:00.000Z',
    })
    expect(extended.actions).toEqual({ extend: false, complete: true, reject: true })
    expect(extended.timeline.at(-2)).toMatchObject({
      kind: 'extended',
      by: 'Lisa Desk',
      detail: '2026-06-02T09:00:00.000Z',
      text: 'Veel systemen te doorzoeken.',
    })
    const mail = (await bench.mails(reference)).find((row) => row.kind === 'extended')
    expect(mail?.text_body).toContain('Veel systemen te doorzoeken.')
    expect(mail?.text_body).toContain('2 juin 2026')
    expect(await bench.auditOf(reference)).toContainEqual({ action: 'REQUEST_EXTENDED', details: '{}' })

    const again = extendRequest(bench.deps, LISA, reference, 'Nog eens.')
    await expect(again).rejects.toThrow(InvalidTransition)
    await expect(again).rejects.toThrow('The request was extended already; it can be extended only once')
    expect((await showRequest(bench.deps, LISA, reference)).dueAt).toBe('2026-06-02T09:00:00.000Z')
  })

  it('only within the first month', async () => {
    const { reference } = await bench.verified()
    bench.setNow(new Date(START.getTime() + 32 * DAY_MS))
    expect((await showRequest(bench.deps, LISA, reference)).actions.extend).toBe(false)
    await expect(extendRequest(bench.deps, LISA, reference, 'Te laat.')).rejects.toThrow(
      'The first month has passed: the request can no longer be extended',
    )
    expect((await showRequest(bench.deps, LISA, reference)).status).toBe('open')
  })

  it('only with a reason, written out', async () => {
    const { reference } = await bench.verified()
    await expect(extendRequest(bench.deps, LISA, reference, '   ')).rejects.toThrow(ValidationFailed)
    const placeholder = extendRequest(bench.deps, LISA, reference, 'Omdat [aanvullen].')
    await expect(placeholder).rejects.toThrow(PlaceholderLeft)
    const detail = await showRequest(bench.deps, LISA, reference)
    expect(detail.status).toBe('open')
    expect(kinds(detail)).not.toContain('extended')
  })

  it('never a request that is not open', async () => {
    const pending = await bench.submit(bench.email())
    await expect(extendRequest(bench.deps, LISA, pending, 'Reden.')).rejects.toThrow(
      'A pending request cannot be extended',
    )
  })
})

describe('replying to a request', () => {
  it('completes it with the reply mail linking the request’s page, and the access package’s end', async () => {
    const { reference } = await bench.verified('RIGHT_OF_ACCESS')
    const done = await completeRequest(bench.deps, LISA, reference, 'Hierbij uw gegevens.')
    expect(done).toMatchObject({ status: 'completed', closedAt: START.toISOString(), daysLeft: null })
    expect(done.actions).toEqual({ extend: false, complete: false, reject: false })
    const mail = (await bench.mails(reference)).find((row) => row.kind === 'completed')
    expect(mail?.text_body).toContain('Hierbij uw gegevens.')
    expect(mail?.text_body).toMatch(
      /https:\/\/privacy\.dpgmedia\.be\/fr\/privacy-rights\/status\?token=[\w-]{43}/,
    )
    expect(mail?.text_body).toContain('1 avril 2026')
    await expect(completeRequest(bench.deps, LISA, reference, 'Nog eens.')).rejects.toThrow(
      'A completed request cannot be completed',
    )
  })

  it('refuses a reply that still holds a template’s placeholder, whatever the action', async () => {
    const { reference } = await bench.verified()
    for (const action of [
      () => completeRequest(bench.deps, LISA, reference, 'Verwijderd bij: [aanvullen]'),
      () => rejectRequest(bench.deps, LISA, reference, 'OTHER', 'Omdat [à compléter]'),
    ])
      await expect(action()).rejects.toMatchObject({ fields: [{ field: 'message', rule: 'placeholder' }] })
    expect(await bench.mails(reference)).not.toContainEqual(expect.objectContaining({ kind: 'completed' }))
    expect((await showRequest(bench.deps, LISA, reference)).status).toBe('open')
  })

  it('refuses to complete while a brand system has not answered, unless the team says why', async () => {
    await bench.taskClient('HLN tasks', 'BE')
    const { reference } = await bench.verified('RIGHT_TO_BE_FORGOTTEN')
    expect((await showRequest(bench.deps, LISA, reference)).tasks).toHaveLength(1)
    const open = completeRequest(bench.deps, LISA, reference, 'Uw gegevens zijn gewist.')
    await expect(open).rejects.toThrow(TasksOpen)
    await expect(open).rejects.toMatchObject({ waiting: 1 })
    expect((await showRequest(bench.deps, LISA, reference)).status).toBe('open')

    const why = 'Geen account bij dit merk (telefonisch nagegaan).'
    const done = await completeRequest(bench.deps, LISA, reference, 'Uw gegevens zijn gewist.', why)
    expect(done.status).toBe('completed')
    expect(done.timeline.slice(-3, -1)).toMatchObject([
      { kind: 'tasks-waived', detail: '1', text: why },
      { kind: 'completed', text: 'Uw gegevens zijn gewist.' },
    ])
    expect(await bench.auditOf(reference)).toContainEqual({
      action: 'REQUEST_COMPLETED',
      details: JSON.stringify({ tasksWaived: 1 }),
    })
  })

  it('rejects with the ground on the timeline and the message in the mail', async () => {
    const { reference } = await bench.verified('RIGHT_OF_ACCESS', 'NL')
    const rejected = await rejectRequest(
      bench.deps,
      LISA,
      reference,
      'IDENTITY',
      'Wij konden u niet identificeren.',
    )
    expect(rejected).toMatchObject({ status: 'rejected', closedAt: START.toISOString() })
    expect(rejected.timeline.at(-2)).toMatchObject({ kind: 'rejected', detail: 'IDENTITY' })
    const mail = (await bench.mails(reference)).find((row) => row.kind === 'rejected')
    expect(mail?.text_body).toContain('Wij konden u niet identificeren.')
    await expect(rejectRequest(bench.deps, LISA, reference, 'OTHER', 'Nog eens.')).rejects.toThrow(
      'A rejected request cannot be rejected',
    )
  })
})

describe('notes and who may see a request', () => {
  it('adds a note in any status, without a mail or a status change', async () => {
    const pending = await bench.submit(bench.email())
    const noted = await addNote(bench.deps, LISA, pending, 'Klant belde: mail komt niet aan.')
    expect(noted.status).toBe('pending')
    expect(noted.timeline.at(-1)).toMatchObject({
      kind: 'note',
      by: 'Lisa Desk',
      text: 'Klant belde: mail komt niet aan.',
    })
    expect((await bench.mails(pending)).map((mail) => mail.kind)).toEqual(['verification'])
    expect(await bench.auditOf(pending)).toEqual([{ action: 'NOTE_ADDED', details: '{}' }])
  })

  it('finds a reference in any case, and not another country’s request (the staff member’s countries)', async () => {
    const { reference } = await bench.verified('RIGHT_OF_ACCESS', 'BE')
    expect((await showRequest(bench.deps, LISA, reference.toLowerCase())).reference).toBe(reference)
    const dutchDesk = { ...LISA, countries: ['NL'] as const }
    await expect(showRequest(bench.deps, dutchDesk, reference)).rejects.toThrow(NotFound)
    await expect(addNote(bench.deps, dutchDesk, reference, 'Niet van ons.')).rejects.toThrow(NotFound)
    await expect(showRequest(bench.deps, LISA, 'BE-000000-XXXXX')).rejects.toThrow(NotFound)
    expect(kinds(await showRequest(bench.deps, LISA, reference))).not.toContain('note')
  })
})
