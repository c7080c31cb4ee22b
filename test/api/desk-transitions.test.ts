import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RequestStatus } from '#shared/privacy-rights/desk.ts'
import type { StaffAction } from '#shared/privacy-rights/staff.ts'
import { DATABASES } from '../support/app'
import { DESK_API as API, DAY_MS, type DeskBench, deskTestSetup, timelineWords } from '../support/desk'

const START = new Date('2026-11-02T09:00:00Z')
const HOUR_MS = 3_600_000

/** Where a request stands before the action: its status, or an open one past its first month. */
type State = RequestStatus | 'open after the first month'
type Action = 'extend' | 'complete' | 'reject' | 'notes'

const BODIES: Record<Action, object> = {
  extend: { reason: 'Votre compte existe chez plusieurs marques.' },
  complete: { message: 'Votre compte est supprimé.' },
  reject: { reason: 'UNFOUNDED', message: 'Vous avez posé la même question hier.' },
  notes: { text: 'Appelé la demandeuse.' },
}
/** The timeline entry and the mail of each action (a note is never mailed). */
const EVENT: Record<Action, string> = {
  extend: 'extended',
  complete: 'completed',
  reject: 'rejected',
  notes: 'note',
}
const MAIL: Record<Action, string | null> = {
  extend: 'extended',
  complete: 'completed',
  reject: 'rejected',
  notes: null,
}
/** The audit trail's name of each action. */
const AUDITED: Record<Action, StaffAction> = {
  extend: 'REQUEST_EXTENDED',
  complete: 'REQUEST_COMPLETED',
  reject: 'REQUEST_REJECTED',
  notes: 'NOTE_ADDED',
}

const STATES: State[] = [
  'pending',
  'open',
  'open after the first month',
  'extended',
  'completed',
  'rejected',
  'expired',
  'executed',
]
const statusOf = (state: State): RequestStatus => (state === 'open after the first month' ? 'open' : state)

/** Every allowed transition: from, action, to. A note is allowed in every status and changes none. */
const ALLOWED: [State, Action, RequestStatus][] = [
  ['open', 'extend', 'extended'],
  ['open', 'complete', 'completed'],
  ['open', 'reject', 'rejected'],
  ['open after the first month', 'complete', 'completed'],
  ['open after the first month', 'reject', 'rejected'],
  ['extended', 'complete', 'completed'],
  ['extended', 'reject', 'rejected'],
  ...STATES.map((state): [State, Action, RequestStatus] => [state, 'notes', statusOf(state)]),
]

/** Every refused one: nothing to do before verification or after the end; extending once, in the first month. */
const REFUSED: [State, Action][] = [
  ...(['pending', 'expired', 'executed', 'completed', 'rejected'] as const).flatMap((state) =>
    (['extend', 'complete', 'reject'] as const).map((action): [State, Action] => [state, action]),
  ),
  ['extended', 'extend'],
  ['open after the first month', 'extend'],
]

describe.each(DATABASES)('the desk’s status transitions on %s', (kind) => {
  let desk: DeskBench
  beforeAll(async () => {
    desk = await deskTestSetup(kind, START)
  })
  afterAll(() => desk?.close())

  /** A fresh request in `state`, reached the way the site gets there. */
  async function requestIn(state: State): Promise<string> {
    if (state === 'executed') {
      // An objection without an e-mail address is executed at once.
      const reference = await desk.submit(null, 'BE', {
        flowType: 'OBJECTION',
        phoneNumber: '+32470123456',
        brands: ['HLN'],
      })
      expect((await desk.detail(reference)).status).toBe('executed')
      return reference
    }
    const email = desk.email('transition')
    const reference = await desk.submit(email)
    if (state === 'expired') {
      // Its link lapsed unconfirmed (VERIFICATION_TTL_HOURS, 72).
      await desk.at(new Date(START.getTime() + 73 * HOUR_MS), () => desk.desk.runDeadlines())
    } else if (state !== 'pending') {
      await desk.verify(email, reference)
      if (state === 'extended' || state === 'completed' || state === 'rejected') {
        const action = { extended: 'extend', completed: 'complete', rejected: 'reject' }[state] as Action
        expect((await desk.post(`${API}/${reference}/${action}`, BODIES[action])).status).toBe(200)
      }
    }
    expect((await desk.detail(reference)).status).toBe(statusOf(state))
    return reference
  }

  /** The moment of the action: after the link lapsed, or after the first month, where the state says so. */
  const momentOf = (state: State) => {
    const later = { expired: 73 * HOUR_MS, 'open after the first month': 32 * DAY_MS }
    return new Date(START.getTime() + (later[state as keyof typeof later] ?? 0))
  }
  const act = (state: State, reference: string, action: Action) =>
    desk.at(momentOf(state), () => desk.post(`${API}/${reference}/${action}`, BODIES[action]))

  /** The request's entries in the append-only audit trail. */
  const auditOf = (reference: string) =>
    desk.setup.composition.db.db
      .selectFrom('staff_audit_log as audit')
      .innerJoin('privacy_requests as request', 'request.id', 'audit.request_id')
      .select(['audit.id', 'audit.action', 'audit.actor_email', 'audit.country', 'audit.occurred_at'])
      .where('request.reference', '=', reference)
      .orderBy('audit.occurred_at')
      .orderBy('audit.id')
      .execute()

  /** The timeline without deliveries, which the mail poller adds in its own time. */
  const record = async (reference: string) =>
    timelineWords(await desk.detail(reference)).filter((word) => !word.startsWith('mail:'))

  it.each(ALLOWED)('%s → %s: 200, %s', async (state, action, to) => {
    const reference = await requestIn(state)
    const before = await record(reference)
    const audited = await auditOf(reference)
    const answer = await act(state, reference, action)
    expect(answer.status).toBe(200)
    expect(answer.body.status).toBe(to)
    // Exactly one new audit entry, naming the action, the staff member and the moment.
    const added = (await auditOf(reference)).filter((row) => !audited.some((old) => old.id === row.id))
    expect(added).toEqual([
      {
        id: expect.any(String),
        action: AUDITED[action],
        actor_email: 'lisa.desk@dpgmedia.nl',
        country: 'BE',
        occurred_at: momentOf(state).toISOString(),
      },
    ])
    const after = await record(reference)
    const mail = MAIL[action]
    // The action's entry and, in the same transaction, its mail to the requester; nothing else.
    expect(after).toEqual([...before, EVENT[action], ...(mail ? [`queued:${mail}`] : [])])
    const entry = (await desk.detail(reference)).timeline.find((event) => event.kind === EVENT[action])
    expect(entry?.by).toBe('Lisa Desk')
    if (action === 'extend') expect(answer.body.dueAt).toBe('2027-02-02T09:00:00.000Z')
    if (to === 'completed' || to === 'rejected') expect(answer.body.closedAt).not.toBeNull()
  })

  it.each(REFUSED)('%s → %s: 409 INVALID_TRANSITION, nothing changes', async (state, action) => {
    const reference = await requestIn(state)
    const before = await desk.detail(reference)
    const words = await record(reference)
    const audited = await auditOf(reference)
    const answer = await act(state, reference, action)
    expect(answer.status).toBe(409)
    expect(answer.body.error.code).toBe('INVALID_TRANSITION')
    const after = await desk.detail(reference)
    expect(after.status).toBe(before.status)
    expect(after.dueAt).toBe(before.dueAt)
    expect(after.closedAt).toBe(before.closedAt)
    expect(await record(reference)).toEqual(words)
    expect(await auditOf(reference)).toEqual(audited)
  })
})
