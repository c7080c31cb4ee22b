import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../support/app'
import { DESK_API as API, type DeskBench, deskTestSetup, STAFF_HOST, timelineWords } from '../support/desk'

/**
 * Issue 30: a desk note sent again with the same Idempotency-Key (a second click, the browser's retry, or nginx
 * passing the POST to the next replica because the one that had it died before answering) is written once and
 * answered as the first; the same key with another text is a 422 (each request or complaint has keys of its
 * own); without a key each note is written.
 */
describe.each(DATABASES)('desk notes written once per Idempotency-Key on %s', (kind) => {
  let desk: DeskBench
  let reference = ''
  let other = ''

  beforeAll(async () => {
    desk = await deskTestSetup(kind, new Date('2026-11-02T09:00:00Z'))
    for (const name of ['note-once', 'note-other']) {
      const email = desk.email(name)
      const made = await desk.submit(email)
      await desk.verify(email, made)
      if (name === 'note-once') reference = made
      else other = made
    }
  })
  afterAll(() => desk?.close())

  const note = (on: string, text: string, key?: string) => {
    const call = request(desk.app)
      .post(`${API}/${on}/notes`)
      .set('Host', STAFF_HOST)
      .set('Cookie', desk.cookies.lisa)
    return (key ? call.set('Idempotency-Key', key) : call).send({ text })
  }
  const notes = async (on: string) => timelineWords(await desk.detail(on)).filter((w) => w === 'note')

  it('writes a note once for one key, sent twice and twice at once, and answers as the first', async () => {
    const key = `note-${kind}-0123456789abcdef`
    const first = await note(reference, 'Teruggebeld.', key)
    expect(first.status).toBe(200)
    const again = await Promise.all([
      note(reference, 'Teruggebeld.', key),
      note(reference, 'Teruggebeld.', `"${key}"`),
    ])
    expect(again.map((answer) => answer.status)).toEqual([200, 200])
    for (const answer of again) expect(answer.body.timeline).toEqual(first.body.timeline)
    expect(await notes(reference)).toHaveLength(1)
    // One entry in the audit trail too: the second writes rolled back whole.
    const audit = await desk.setup.composition.db.db
      .selectFrom('staff_audit_log')
      .select('action')
      .where('action', '=', 'NOTE_ADDED')
      .execute()
    expect(audit).toHaveLength(1)

    // The same key with another text is refused and writes nothing; on another request it is that
    // request's own key.
    const reused = await note(reference, 'Nogmaals gebeld.', key)
    expect(reused.status).toBe(422)
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED')
    expect(await notes(reference)).toHaveLength(1)
    expect((await note(other, 'Teruggebeld.', key)).status).toBe(200)
    expect((await note(other, 'Teruggebeld.', key)).status).toBe(200)
    expect(await notes(other)).toHaveLength(1)

    // Another key is another note, and without a key each POST is one.
    expect((await note(reference, 'Teruggebeld.', `${key}-2`)).status).toBe(200)
    expect((await note(reference, 'Teruggebeld.')).status).toBe(200)
    expect((await note(reference, 'Teruggebeld.')).status).toBe(200)
    expect(await notes(reference)).toHaveLength(4)
    // A key that cannot be one is a 400 on the header.
    const bad = await note(reference, 'Teruggebeld.', 'short')
    expect(bad.status).toBe(400)
    expect(bad.body.error.fields).toEqual([{ field: 'Idempotency-Key', rule: 'pattern' }])
  })
})
