import { randomBytes } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { BRANDS } from '#server/brands.ts'
import type { ApiClient } from '#server/db/api-client-repository.ts'
import { insertClient } from '#server/db/api-client-repository.ts'
import type { Db } from '#server/db/database.ts'
import { type PrivacyRequest, requestInsert, updateStatus } from '#server/db/privacy-request-repository.ts'
import {
  answerBrandTask,
  type BrandTaskDeps,
  taskFeed,
  uploadTaskFile,
} from '#server/services/brand-tasks.ts'
import { NotFound, TaskAnswered, TaskClosed, ValidationFailed } from '#server/services/errors.ts'
import { createFileStore } from '#server/services/file-store.ts'
import { createTasks } from '#server/services/task-creation.ts'
import { taskViews } from '#server/services/task-views.ts'
import { memoryDb } from './memory-db'

/**
 * Issue 31 item 5: every brand task rule on the service functions themselves, on the injected clock and an
 * in-memory SQLite database: no HTTP, no router.
 */
const CREATED = '2026-03-02T09:00:00.000Z'
const client = (name: string, overrides: Partial<ApiClient> = {}): ApiClient => ({
  id: `client-${name}`,
  name,
  country: 'NL',
  brands: null,
  createdAt: CREATED,
  revokedAt: null,
  contactData: true,
  tasks: true,
  contactEmail: `${name}@example.nl`,
  ...overrides,
})
const request = (id: string, flowType: PrivacyRequest['flowType']): PrivacyRequest => ({
  id,
  flowType,
  status: 'open',
  country: 'NL',
  language: 'nl',
  email: `${id}@example.nl`,
  phoneNumber: null,
  userMessage: null,
  article: null,
  publicationLink: null,
  publicationDate: null,
  brandName: null,
  brands: [],
  communicationTypes: [],
  userInfo: null,
  touchpoint: null,
  createdAt: CREATED,
  verifiedAt: CREATED,
  executedAt: null,
  dueAt: '2026-04-02T09:00:00.000Z',
  identityCheck: null,
  identityNote: null,
  reference: `NL-260302-${id.toUpperCase().padEnd(5, 'X').slice(0, 5)}`,
})

async function* bytes(text: string) {
  yield new TextEncoder().encode(text)
}

describe('the brand task rules, without HTTP', () => {
  let db: Db
  let deps: BrandTaskDeps
  let now = new Date(CREATED)
  const crm = client('crm')
  const mailer = client('mailer', { tasks: false })

  /** A verified request of this right, with its tasks made as the verification makes them: the tasks' ids. */
  const verified = async (id: string, flowType: PrivacyRequest['flowType']) => {
    const stored = request(id, flowType)
    await requestInsert(db.db, stored).execute()
    const made = await db.db.transaction().execute((trx) => createTasks(trx, BRANDS, stored, CREATED))
    const page = await taskFeed(deps, crm, undefined, 100)
    return { made, task: page.items.find((item) => item.reference === stored.reference) }
  }

  beforeEach(async () => {
    now = new Date(CREATED)
    db = await memoryDb()
    const clock = () => now
    deps = { db, brands: BRANDS, files: createFileStore({ db, key: randomBytes(32), clock }), clock }
    for (const each of [crm, mailer]) await insertClient(db.db, each, `hash-${each.name}`)
  })

  it('makes one task per client that takes tasks, for access, erasure and rectification only', async () => {
    expect((await verified('acc01', 'RIGHT_OF_ACCESS')).made).toBe(1)
    expect((await verified('obj01', 'OBJECTION')).made).toBe(0)
    const { items, next } = await taskFeed(deps, crm, undefined, 100)
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({
      right: 'access',
      status: 'waiting',
      answerBy: '2026-03-12T09:00:00.000Z',
    })
    expect(next).toBeNull()
    expect((await taskFeed(deps, mailer, undefined, 100)).items).toEqual([])
    await expect(taskFeed(deps, crm, 'no-such-task', 10)).rejects.toBeInstanceOf(ValidationFailed)
  })

  it('takes an answer once: the same again stands, another is TASK_ANSWERED', async () => {
    const { task } = await verified('era01', 'RIGHT_TO_BE_FORGOTTEN')
    const id = task?.id ?? ''
    await expect(answerBrandTask(deps, crm, id, { outcome: 'found' })).rejects.toBeInstanceOf(
      ValidationFailed,
    )
    await expect(answerBrandTask(deps, crm, id, { outcome: 'refused' })).rejects.toBeInstanceOf(
      ValidationFailed,
    )
    const answered = await answerBrandTask(deps, crm, id, { outcome: 'erased', note: ' Verwijderd. ' })
    expect(answered).toMatchObject({ status: 'answered', outcome: 'erased', note: 'Verwijderd.' })
    expect(await answerBrandTask(deps, crm, id, { outcome: 'erased', note: 'Verwijderd.' })).toEqual(answered)
    await expect(answerBrandTask(deps, crm, id, { outcome: 'not_found' })).rejects.toBeInstanceOf(
      TaskAnswered,
    )
    await expect(answerBrandTask(deps, mailer, id, { outcome: 'erased' })).rejects.toBeInstanceOf(NotFound)
  })

  it('answers access "found" only after its files, which only an access task takes', async () => {
    const { task } = await verified('acc02', 'RIGHT_OF_ACCESS')
    const id = task?.id ?? ''
    await expect(answerBrandTask(deps, crm, id, { outcome: 'found' })).rejects.toBeInstanceOf(
      ValidationFailed,
    )
    const file = {
      name: 'data.csv',
      contentType: 'text/csv' as const,
      source: bytes('email\nacc02@example.nl\n'),
    }
    expect(await uploadTaskFile(deps, crm, id, file)).toMatchObject({
      name: 'data.csv',
      contentType: 'text/csv',
    })
    expect(await answerBrandTask(deps, crm, id, { outcome: 'found' })).toMatchObject({ status: 'answered' })
    await expect(uploadTaskFile(deps, crm, id, { ...file, source: bytes('x') })).rejects.toBeInstanceOf(
      TaskAnswered,
    )
    const other = (await verified('rec01', 'RECTIFICATION')).task?.id ?? ''
    await expect(uploadTaskFile(deps, crm, other, { ...file, source: bytes('x') })).rejects.toBeInstanceOf(
      ValidationFailed,
    )
  })

  it('is overdue after 10 days on the desk, and closed with its request: no answer then', async () => {
    const { task } = await verified('rec02', 'RECTIFICATION')
    const id = task?.id ?? ''
    const desk = (at: Date) => taskViews(db, BRANDS, { id: 'rec02', country: 'NL', status: 'open' }, at)
    expect((await desk(new Date('2026-03-12T09:00:00.000Z')))[0]?.state).toBe('waiting')
    now = new Date('2026-03-12T09:00:01.000Z')
    expect((await desk(now))[0]?.state).toBe('overdue')
    await updateStatus(db.db, 'rec02', { status: 'completed', closedAt: now.toISOString() })
    await expect(answerBrandTask(deps, crm, id, { outcome: 'rectified' })).rejects.toBeInstanceOf(TaskClosed)
    expect((await taskFeed(deps, crm, undefined, 100)).items[0]?.status).toBe('closed')
  })
})
