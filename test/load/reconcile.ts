import type { Kysely } from 'kysely'
import type { Database } from '#server/db/schema.ts'
import type { SeenDelivery, SeenMail } from './parties'
import type { FaultWindow } from './stats'

/**
 * The load test's reconciliation: what the visitors and brand systems were told (the ledger), what the mail
 * server and the webhook endpoint received, and what the database holds, checked against each other. Each
 * check counts what was lost (told yes, not there) and what was doubled (there twice); the run fails unless
 * every count is zero.
 */

/** What the load was told, as the generator kept it. */
export interface Ledger {
  /** Privacy requests answered 2xx: the address typed (unique per request) and its right. */
  requests: { email: string; flowType: string; country: string }[]
  /** Addresses whose verification click was answered with the confirmation. */
  verified: Set<string>
  /** Contact messages and complaints answered 2xx, by their (unique) address. */
  contacts: string[]
  complaints: string[]
  /** Desk notes answered 2xx, by their (unique) text. */
  notes: string[]
  /** Every suppression id each brand system read from the feed, in order (a repeat is a double). */
  feed: Map<string, string[]>
  /** Every task id each brand system read from the task feed, in order, and those it had answered 2xx. */
  tasksRead: Map<string, string[]>
  tasksAnswered: Map<string, Set<string>>
}

/** A ledger with nothing in it yet. */
export const emptyLedger = (): Ledger => ({
  requests: [],
  verified: new Set(),
  contacts: [],
  complaints: [],
  notes: [],
  feed: new Map(),
  tasksRead: new Map(),
  tasksAnswered: new Map(),
})

export interface Observed {
  mails: readonly SeenMail[]
  deliveries: readonly SeenDelivery[]
  /** The run's fault windows, in the deliveries' time (a resend is allowed only after a killed instance). */
  faults: readonly FaultWindow[]
  /** Each brand system's API client id, by its name in the ledger's maps, and its endpoint's id. */
  clients: { name: string; clientId: string; endpointId: string; country: string; endpoint: string }[]
}

export interface Check {
  name: string
  /** How many things the check looked at. */
  expected: number
  lost: number
  doubled: number
}

/** Rows of the database the checks read (one query each; the database is the run's own). */
export interface Rows {
  requests: {
    id: string
    email: string | null
    flow_type: string
    country: string
    verified_at: string | null
  }[]
  suppressions: { id: string; request_id: string; country: string; brand_key: string }[]
  tasks: { id: string; request_id: string; client_id: string; outcome: string | null }[]
  taskAnswers: { request_id: string; detail: string | null }[]
  deliveries: {
    id: string
    endpoint_id: string
    event_type: string
    delivered_at: string | null
  }[]
  contacts: { email: string }[]
  complaints: { email: string }[]
  notes: { text: string | null }[]
}

export async function readRows(db: Kysely<Database>): Promise<Rows> {
  return {
    requests: await db
      .selectFrom('privacy_requests')
      .select(['id', 'email', 'flow_type', 'country', 'verified_at'])
      .execute(),
    suppressions: await db
      .selectFrom('marketing_suppressions')
      .select(['id', 'request_id', 'country', 'brand_key'])
      .execute(),
    tasks: await db.selectFrom('brand_tasks').select(['id', 'request_id', 'client_id', 'outcome']).execute(),
    taskAnswers: await db
      .selectFrom('request_events')
      .select(['request_id', 'detail'])
      .where('kind', '=', 'task-answered')
      .execute(),
    deliveries: await db
      .selectFrom('webhook_deliveries')
      .select(['id', 'endpoint_id', 'event_type', 'delivered_at'])
      .execute(),
    contacts: await db.selectFrom('contact_messages').select(['email']).execute(),
    complaints: await db.selectFrom('political_ad_complaints').select(['email']).execute(),
    notes: await db.selectFrom('request_events').select(['text']).where('kind', '=', 'note').execute(),
  }
}

const TASK_RIGHTS = new Set([
  'RIGHT_OF_ACCESS',
  'RIGHT_TO_BE_FORGOTTEN',
  'DELETE_EVERYTHING',
  'RECTIFICATION',
])

const countBy = <T>(items: Iterable<T>, key: (item: T) => string | null) => {
  const counts = new Map<string, number>()
  for (const item of items) {
    const k = key(item)
    if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1)
  }
  return counts
}

/** `keys` each expected once among `counts`: how many are missing and how many are there more than once. */
function once(name: string, keys: readonly string[], counts: Map<string, number>): Check {
  let lost = 0
  let doubled = 0
  for (const key of keys) {
    const n = counts.get(key) ?? 0
    if (n === 0) lost++
    else if (n > 1) doubled++
  }
  return { name, expected: keys.length, lost, doubled }
}

export function reconcile(ledger: Ledger, observed: Observed, rows: Rows): Check[] {
  const lower = (value: string | null) => value?.toLowerCase() ?? null
  const requestsByEmail = countBy(rows.requests, (row) => lower(row.email))
  const answered = ledger.requests.map((request) => request.email.toLowerCase())
  // One message per request: a second mail with the same Message-ID is the same message sent again (an
  // instance killed between the SMTP server's answer and its mark; mail clients show it once), counted apart
  // by resentMessages; a second message (another Message-ID) is a double.
  const messagesTo = new Map<string, Set<string>>()
  for (const mail of observed.mails.filter((one) => one.token !== null))
    for (const to of mail.to)
      messagesTo.set(to, (messagesTo.get(to) ?? new Set()).add(mail.messageId ?? mail.token ?? ''))
  const verificationMails = new Map([...messagesTo].map(([to, messages]) => [to, messages.size]))
  const verifiedRows = rows.requests.filter((row) => row.verified_at !== null)
  const verifiedEmails = countBy(verifiedRows, (row) => lower(row.email))

  const checks: Check[] = [
    once('privacy requests answered 2xx, stored once', answered, requestsByEmail),
    once('verification mails, one message each', answered, verificationMails),
    once('verification clicks confirmed, verified once', [...ledger.verified], verifiedEmails),
    once(
      'contact messages answered 2xx, stored once',
      ledger.contacts,
      countBy(rows.contacts, (r) => lower(r.email)),
    ),
    once(
      'complaints answered 2xx, stored once',
      ledger.complaints,
      countBy(rows.complaints, (r) => lower(r.email)),
    ),
    // A note nginx passed on to the other instance because the first was killed is written once by its key.
    once(
      'desk notes answered 2xx, stored once',
      ledger.notes,
      countBy(rows.notes, (r) => r.text),
    ),
  ]

  // Suppressions: each one of a client's country is in its feed once.
  for (const client of observed.clients) {
    const own = rows.suppressions.filter((row) => row.country === client.country).map((row) => row.id)
    checks.push(
      once(
        `suppressions in ${client.name}'s feed once`,
        own,
        countBy(ledger.feed.get(client.name) ?? [], (id) => id),
      ),
    )
  }

  // Tasks: a verified request with a brand task's right has one task per client of its country; each task is
  // in the client's task feed once and answered once.
  const verifiedTaskRequests = verifiedRows.filter((row) => TASK_RIGHTS.has(row.flow_type))
  for (const client of observed.clients) {
    const wanted = verifiedTaskRequests.filter((row) => row.country === client.country).map((row) => row.id)
    const tasks = rows.tasks.filter((task) => task.client_id === client.clientId)
    checks.push(
      once(
        `tasks for ${client.name}, one per verified request`,
        wanted,
        countBy(tasks, (task) => task.request_id),
      ),
    )
    const ids = tasks.map((task) => task.id)
    checks.push(
      once(
        `tasks in ${client.name}'s task feed once`,
        ids,
        countBy(ledger.tasksRead.get(client.name) ?? [], (id) => id),
      ),
    )
    const answers = countBy(
      rows.taskAnswers.filter((event) => event.detail?.startsWith(`${client.name}:`)),
      (event) => event.request_id,
    )
    const answeredByClient = ledger.tasksAnswered.get(client.name) ?? new Set<string>()
    const answeredTasks = tasks.filter((task) => answeredByClient.has(task.id) && task.outcome !== null)
    const lostAnswers = tasks.length - answeredTasks.length
    const answerCheck = once(
      `tasks of ${client.name} answered once`,
      tasks.map((task) => task.request_id),
      answers,
    )
    checks.push({ ...answerCheck, lost: Math.max(answerCheck.lost, lostAnswers) })
  }

  // Webhooks: each delivery on record reached its endpoint (by its id) once, and each event was put on
  // record once per endpoint (one task.created per task, one suppression.created per verified objection).
  const unexplained = new Set(resentDeliveries(observed.deliveries, observed.faults).unexplained)
  const received = countBy(observed.deliveries, (delivery) => delivery.id)
  for (const [id, n] of received) if (n > 1 && !unexplained.has(id)) received.set(id, 1)
  checks.push(
    once(
      'webhook deliveries received once',
      rows.deliveries.map((row) => row.id),
      received,
    ),
  )
  for (const client of observed.clients) {
    // The endpoint's own copy says which task each announcement was about (the stored body is erased once
    // delivered); one task, one announcement (one webhook id).
    const announcements = new Map<string, Set<string>>()
    for (const delivery of observed.deliveries) {
      if (delivery.endpoint !== client.endpoint || delivery.type !== 'task.created') continue
      const task = String((delivery.data as { task?: { id?: string } }).task?.id)
      announcements.set(task, (announcements.get(task) ?? new Set()).add(delivery.id))
    }
    const counts = new Map([...announcements].map(([task, ids]) => [task, ids.size]))
    const tasks = rows.tasks.filter((task) => task.client_id === client.clientId).map((task) => task.id)
    checks.push(once(`task.created to ${client.name} once per task`, tasks, counts))
  }
  return checks
}

/** Mails the SMTP server got twice with one Message-ID: the same message sent again, not a second one. */
export function resentMessages(mails: readonly SeenMail[]): number {
  const ids = mails.flatMap((mail) => (mail.messageId ? [mail.messageId] : []))
  return ids.length - new Set(ids).size
}

/**
 * How long before an instance was killed its receiver's 2xx may still lack its mark: the webhook's send
 * timeout (server/services/webhook-worker.ts), far more than the mark takes even on a loaded machine.
 */
export const UNMARKED_BEFORE_KILL_MS = 10_000

/**
 * Webhooks received again with the same webhook-id: the same delivery sent again, which Standard Webhooks'
 * receivers take once. Delivery is at least once: an instance killed between its receiver's 2xx and the mark
 * leaves the delivery claimed, and once the claim lapses another instance sends it again. Such a resend is
 * allowed (`resent`) only when its first arrival fell within UNMARKED_BEFORE_KILL_MS before an instance was
 * killed, or while it was down; any other (`unexplained`, by id) is a double.
 */
export function resentDeliveries(deliveries: readonly SeenDelivery[], faults: readonly FaultWindow[]) {
  const first = new Map<string, number>()
  const again = new Set<string>()
  // In the order they arrived: the first one seen of an id is its first arrival.
  for (const delivery of deliveries)
    if (first.has(delivery.id)) again.add(delivery.id)
    else first.set(delivery.id, delivery.at)
  const kills = faults.filter((fault) => fault.name === 'instance-killed')
  const afterKill = (at: number) =>
    kills.some((kill) => at >= kill.from - UNMARKED_BEFORE_KILL_MS && at <= kill.to)
  const resent = new Set([...again].filter((id) => afterKill(first.get(id) ?? Number.NaN)))
  return { resent: resent.size, unexplained: [...again].filter((id) => !resent.has(id)) }
}

/** The run's verdict on the checks: 0 when nothing was lost or doubled. */
export const failedChecks = (checks: readonly Check[]) =>
  checks.filter((check) => check.lost + check.doubled > 0)
