import { createCipheriv, createDecipheriv, createHash, randomFillSync } from 'node:crypto'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { MAX_FILE_BYTES, MAX_REQUEST_FILE_BYTES, type TaskFileType } from '#shared/privacy-rights/tasks.ts'
import type { Db } from '../db/database'
import {
  appendChunk,
  beginFile,
  bytesOfRequest,
  completeFile,
  deleteFile,
  readChunk,
  type StoredFile,
} from '../db/file-repository'
import { FileRefused, FileTooLarge } from './errors'
import { contentCheck } from './file-content-check'
import { type TimeShare, timeShare } from './time-share'

/**
 * Plain bytes per stored chunk: what an upload or a download holds in memory at once, per file. Small enough
 * that a chunk sealed, and its base64 text read from PostgreSQL (a third more than its bytes), stay below V8's
 * large-object size (128 kB): such garbage dies young, where chunks of 1 MiB each left 2 MB strings in the old
 * generation until a full collection (issue 30 item 4: the bench saw RSS grow by 78 MB downloading 100 MB so).
 * Files stored with other chunk sizes read the same.
 */
export const CHUNK_BYTES = 60 * 1024
const NONCE_BYTES = 12
const TAG_BYTES = 16
/** An upload that stopped this long ago without completing is abandoned: it no longer counts, and goes. */
export const STALE_UPLOAD_MS = 60 * 60_000
/**
 * Issue 30 item 4: the share of time this instance gives to reading stored files, across every download at
 * once: each chunk's read and decryption is timed, and the next waits its turn (docs/decisions/015-download-share.md).
 */
export const READ_SHARE = 0.1
/** However long a chunk took, the next comes within this many milliseconds. */
export const READ_MAX_WAIT_MS = 250

/** What an upload is: its task and request, its name and type, its bytes as they arrive. */
export interface UploadInput {
  taskId: string
  requestId: string
  name: string
  contentType: TaskFileType
  source: AsyncIterable<Uint8Array>
  /** The hex SHA-256 the sender announced. */
  declaredDigest?: string
}

/**
 * Issue 25: the files of access answers, in the database and never on disk as plain files. Each chunk of
 * CHUNK_BYTES is sealed with AES-256-GCM under FILE_ENCRYPTION_KEY: a random nonce, and the file's id and the
 * chunk's number as additional data, so chunks can be neither altered, swapped between files nor reordered.
 * Uploads and downloads stream chunk by chunk: memory stays bounded whatever the file's size (issue 30 item 4).
 */
export function createFileStore(deps: { db: Db; key: Buffer; clock?: () => Date; share?: TimeShare }) {
  const { db } = deps
  const clock = deps.clock ?? (() => new Date())
  const sealer = chunkSealer(deps.key)
  const inShare = deps.share ?? timeShare({ share: READ_SHARE, maxWaitMs: READ_MAX_WAIT_MS })
  return {
    /**
     * Receives a file from `source`, all or nothing: stored complete, or not at all (too large, not of its
     * type, cut off, a digest that does not match).
     */
    upload: (input: UploadInput): Promise<StoredFile> => receive({ db, clock, seal: sealer.seal }, input),

    /**
     * A stored file's plain bytes, chunk by chunk, as they are read: never the whole file in memory. Each
     * chunk is read and opened in its turn (`inTurn`), so however many files are read at once, other answers
     * come between, and they take no more than READ_SHARE of the instance's time.
     */
    async *read(file: StoredFile): AsyncGenerator<Buffer> {
      for (let n = 0; n < file.chunks; n++) {
        yield await inTurn(() =>
          inShare(async () => {
            const sealed = await readChunk(db.db, db.dialect, file.id, n)
            if (!sealed) throw new Error(`File ${file.id} lacks chunk ${n}`)
            return sealer.open(file.id, n, sealed)
          }),
        )
      }
    },
  }
}

export type FileStore = ReturnType<typeof createFileStore>

let lastTurn: Promise<unknown> = Promise.resolve()
/**
 * Issue 30 item 4: one chunk's work (its query, its decryption) at a time across every file this instance
 * reads, each after a turn of the event loop: ten packages downloaded at once take turns with each other, and
 * between any two chunks the instance answers pages, instead of opening ten chunks back to back (on
 * PostgreSQL, ten answers arriving together).
 */
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const done = lastTurn.then(() => nextTurn()).then(work)
  lastTurn = done.catch(() => {})
  return done
}

/** AES-256-GCM per chunk: nonce, ciphertext, tag; the file's id and the chunk's number as additional data. */
function chunkSealer(key: Buffer) {
  const aad = (fileId: string, n: number) => Buffer.from(`${fileId}\u0000${n}`)
  return {
    /**
     * Into `out` (nonce, ciphertext, tag), which the caller may use again once the chunk is stored: an upload of
     * 100 MB then leaves one ciphertext per chunk for the collector instead of two (issue 30 item 4).
     */
    seal(fileId: string, n: number, plain: Buffer, out: Buffer) {
      randomFillSync(out, 0, NONCE_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, out.subarray(0, NONCE_BYTES))
      cipher.setAAD(aad(fileId, n))
      let at = NONCE_BYTES + cipher.update(plain).copy(out, NONCE_BYTES)
      at += cipher.final().copy(out, at)
      at += cipher.getAuthTag().copy(out, at)
      return out.subarray(0, at)
    },
    open(fileId: string, n: number, sealed: Buffer) {
      const nonce = sealed.subarray(0, NONCE_BYTES)
      const decipher = createDecipheriv('aes-256-gcm', key, nonce)
      decipher.setAAD(aad(fileId, n))
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES))
      const plain = decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES))
      // GCM's final() only checks the tag: the plain bytes are all in `plain`, not copied again.
      const rest = decipher.final()
      return rest.length > 0 ? Buffer.concat([plain, rest]) : plain
    },
  }
}

type Seal = (fileId: string, n: number, plain: Buffer, out: Buffer) => Buffer

/**
 * One upload, chunk by chunk: the bytes go into one buffer of CHUNK_BYTES, sealed and stored each time it is
 * full, so an upload holds about one chunk whatever its size. Refused (and all of it deleted) when it passes
 * the file's or the request's limit, is not of its type, or does not match its announced digest.
 */
async function receive(
  ctx: { db: Db; clock: () => Date; seal: Seal },
  input: UploadInput,
): Promise<StoredFile> {
  const { db, clock, seal } = ctx
  const id = crypto.randomUUID()
  const startedAt = clock()
  const since = new Date(startedAt.getTime() - STALE_UPLOAD_MS).toISOString()
  const already = await bytesOfRequest(db.db, input.requestId, since)
  if (already >= MAX_REQUEST_FILE_BYTES) throw new FileTooLarge('request')
  await beginFile(db.db, { ...input, id }, startedAt.toISOString())
  const hash = createHash('sha256')
  const check = contentCheck(input.contentType)
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES)
  // Used again for every chunk: its insert is awaited before the next one is sealed into it.
  const sealed = Buffer.allocUnsafe(NONCE_BYTES + CHUNK_BYTES + TAG_BYTES)
  let filled = 0
  let n = 0
  let total = 0
  const store = async () => {
    await appendChunk(db.db, id, n, seal(id, n, chunk.subarray(0, filled), sealed), filled)
    n++
    filled = 0
  }
  try {
    for await (const piece of input.source) {
      const bytes = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength)
      total += bytes.length
      if (total > MAX_FILE_BYTES) throw new FileTooLarge('file')
      if (already + total > MAX_REQUEST_FILE_BYTES) throw new FileTooLarge('request')
      hash.update(bytes)
      check.update(bytes)
      for (let at = 0; at < bytes.length; ) {
        const copied = bytes.copy(chunk, filled, at)
        filled += copied
        at += copied
        if (filled === CHUNK_BYTES) await store()
      }
    }
    if (filled > 0) await store()
    const refusal = check.end()
    if (refusal) throw new FileRefused(refusal)
    const sha256 = hash.digest('hex')
    if (input.declaredDigest && input.declaredDigest !== sha256)
      throw new FileRefused(
        'The file does not match the SHA-256 of its Content-Digest header: it was cut off or changed on its way',
      )
    const completedAt = clock().toISOString()
    await completeFile(db.db, id, sha256, completedAt)
    const { taskId, requestId, name, contentType } = input
    const createdAt = startedAt.toISOString()
    return {
      id,
      taskId,
      requestId,
      name,
      contentType,
      size: total,
      chunks: n,
      sha256,
      createdAt,
      completedAt,
    }
  } catch (error) {
    await deleteFile(db.db, id).catch(() => {})
    throw error
  }
}
