import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import type { eventsOf } from '../db/desk-repository'
import type { filesOf } from '../db/file-repository'
import type { PrivacyRequest } from '../db/privacy-request-repository'
import { accessSummary } from './access-summary'
import type { taskViews } from './brand-tasks'
import type { FileStore } from './file-store'
import { mailLocale } from './request-mails'
import { type ZipEntry, zipStream } from './zip-stream'

/** Issue 31 (moved from requester-access.ts): the access package as a ZIP. */

/**
 * The summary page in the requester's language and every brand's files, each in its brand's folder under a
 * name unique there; the files are read chunk by chunk as the ZIP is written (zip-stream.ts).
 */
export function packageZip(parts: {
  request: PrivacyRequest
  views: Awaited<ReturnType<typeof taskViews>>
  stored: Awaited<ReturnType<typeof filesOf>>
  events: Awaited<ReturnType<typeof eventsOf>>
  files: FileStore
  now: Date
}): AsyncGenerator<Buffer> {
  const { request, views, stored, events, files, now } = parts
  const t = serverTranslate(mailLocale(request))
  const folderOf = new Map(views.map((task) => [task.id, safeName(task.client)]))
  const paths = new Map<string, string>()
  const taken = new Set<string>()
  for (const file of stored) {
    const folder = folderOf.get(file.taskId) ?? 'data'
    let path = `${folder}/${safeName(file.name)}`
    for (let n = 2; taken.has(path); n++) path = `${folder}/${n}-${safeName(file.name)}`
    taken.add(path)
    paths.set(file.id, path)
  }
  const reply = events.findLast((event) => event.kind === 'completed')?.text ?? null
  const summary = Buffer.from(accessSummary(t, request, views, reply, paths))
  const entries: ZipEntry[] = [
    { path: `${t('package.summary_file')}.html`, mtime: now, compress: true, bytes: () => [summary] },
    ...stored.map((file) => ({
      path: paths.get(file.id) ?? file.id,
      mtime: now,
      compress: file.contentType === 'text/csv' || file.contentType === 'application/json',
      bytes: () => files.read(file),
    })),
  ]
  return zipStream(entries)
}

/** A name that is one path part in a ZIP on every system: no separators, no control or reserved characters. */
function safeName(name: string): string {
  const cleaned = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '_')
    .replace(/^\.+/, '')
    .trim()
  return cleaned.slice(0, 120) || 'data'
}
