import { findFile, type StoredFile } from '../db/file-repository'
import { appendAudit } from '../db/staff-repository'
import { type DeskActor, type DeskDeps, requestFor } from './desk-request'
import { NotFound } from './errors'

/** Issue 25: a file of a brand system's access answer, for the team to open; recorded in the audit trail. */
export async function openRequestFile(
  deps: Pick<DeskDeps, 'db' | 'files' | 'clock'>,
  actor: DeskActor,
  reference: string,
  fileId: string,
): Promise<{ file: StoredFile; bytes: AsyncIterable<Buffer> }> {
  const request = await requestFor(deps.db, actor, reference)
  const file = /^[0-9a-f-]{36}$/.test(fileId) ? await findFile(deps.db.db, fileId) : null
  if (!file?.completedAt || file.requestId !== request.id) throw new NotFound('File')
  await appendAudit(deps.db.db, {
    actor,
    action: 'FILE_OPENED',
    country: request.country,
    requestId: request.id,
    occurredAt: deps.clock().toISOString(),
    details: { fileId: file.id },
  })
  return { file, bytes: deps.files.read(file) }
}
