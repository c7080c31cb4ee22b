import type { Locale } from '#shared/locale.ts'
import type { DeskQuery, QueueItem, RejectionReason, RequestDetail } from '#shared/privacy-rights/desk.ts'
import type { StoredFile } from '../db/file-repository'
import { addNote, completeRequest, extendRequest, rejectRequest } from './desk-actions'
import { type DeadlineRun, runDeadlines } from './desk-deadlines'
import { showRequest } from './desk-detail'
import { openRequestFile } from './desk-files'
import { exportQueue, listQueue, type QueueExport } from './desk-queue'
import type { DeskActor, DeskDeps } from './desk-request'

export type { QueueExport } from './desk-queue'
export type { DeskActor, DeskDeps } from './desk-request'

/**
 * Issue 16: the privacy desk, as its routers and pages use it. Each use case is a plain function of its own
 * module taking its dependencies (desk-queue, desk-detail, desk-actions, desk-files, desk-deadlines); this
 * binds them to one set of dependencies.
 */
export interface DeskService {
  list(actor: DeskActor, query: DeskQuery): Promise<{ items: QueueItem[]; total: number }>
  csv(actor: DeskActor, query: DeskQuery, locale: Locale): Promise<QueueExport>
  detail(actor: DeskActor, reference: string): Promise<RequestDetail>
  extend(actor: DeskActor, reference: string, reason: string): Promise<RequestDetail>
  complete(
    actor: DeskActor,
    reference: string,
    message: string,
    closeWithoutTasks?: string,
  ): Promise<RequestDetail>
  reject(
    actor: DeskActor,
    reference: string,
    reason: RejectionReason,
    message: string,
  ): Promise<RequestDetail>
  /** Issue 30: with an Idempotency-Key, the same note sent again is written once. */
  note(actor: DeskActor, reference: string, text: string, key?: string): Promise<RequestDetail>
  openFile(
    actor: DeskActor,
    reference: string,
    fileId: string,
  ): Promise<{ file: StoredFile; bytes: AsyncIterable<Buffer> }>
  runDeadlines(): Promise<DeadlineRun>
}

export function createDeskService(options: Omit<DeskDeps, 'clock'> & { clock?: () => Date }): DeskService {
  const deps: DeskDeps = { ...options, clock: options.clock ?? (() => new Date()) }
  return {
    list: (actor, query) => listQueue(deps, actor, query),
    csv: (actor, query, locale) => exportQueue(deps, actor, query, locale),
    detail: (actor, reference) => showRequest(deps, actor, reference),
    extend: (actor, reference, reason) => extendRequest(deps, actor, reference, reason),
    complete: (actor, reference, message, closeWithoutTasks) =>
      completeRequest(deps, actor, reference, message, closeWithoutTasks),
    reject: (actor, reference, reason, message) => rejectRequest(deps, actor, reference, reason, message),
    note: (actor, reference, text, key) => addNote(deps, actor, reference, text, key),
    openFile: (actor, reference, fileId) => openRequestFile(deps, actor, reference, fileId),
    runDeadlines: () => runDeadlines(deps),
  }
}
