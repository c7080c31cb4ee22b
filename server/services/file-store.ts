import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
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

/** Plain bytes per stored chunk: what an upload or a download holds in memory at once, per file. */
export const CHUNK_BYTES = 1024 * 1024
const NONCE_BYTES = 12
const TAG_BYTES = 16
/** An upload that stopped this long ago without completing is abandoned: it no longer counts, and goes. */
export const STALE_UPLOAD_MS = 60 * 60_000
/** A ZIP's end-of-central-directory record lies within this many bytes of its end. */
const ZIP_TAIL_BYTES = 22 + 65_535

/**
 * Issue 25: the files of access answers, in the database and never on disk as plain files. Each chunk of
 * CHUNK_BYTES is sealed with AES-256-GCM under FILE_ENCRYPTION_KEY: a random nonce, and the file's id and the
 * chunk's number as additional data, so chunks can be neither altered, swapped between files nor reordered.
 * Uploads and downloads stream chunk by chunk: memory stays bounded whatever the file's size.
 */
export function createFileStore(deps: { db: Db; key: Buffer; clock?: () => Date }) {
  const { db, key } = deps
  const clock = deps.clock ?? (() => new Date())

  const seal = (fileId: string, n: number, plain: Buffer) => {
    const nonce = randomBytes(NONCE_BYTES)
    const cipher = createCipheriv('aes-256-gcm', key, nonce)
    cipher.setAAD(Buffer.from(`${fileId}\u0000${n}`))
    const sealed = Buffer.concat([nonce, cipher.update(plain), cipher.final(), cipher.getAuthTag()])
    return sealed
  }
  const open = (fileId: string, n: number, sealed: Buffer) => {
    const nonce = sealed.subarray(0, NONCE_BYTES)
    const tag = sealed.subarray(sealed.length - TAG_BYTES)
    const decipher = createDecipheriv('aes-256-gcm', key, nonce)
    decipher.setAAD(Buffer.from(`${fileId}\u0000${n}`))
    decipher.setAuthTag(tag)
    return Buffer.concat([
      decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)),
      decipher.final(),
    ])
  }

  return {
    /**
     * Receives a file from `source`, all or nothing: stored complete, or not at all (too large, not of its
     * type, cut off, a digest that does not match). `declaredDigest` is the hex SHA-256 the sender announced.
     */
    async upload(input: {
      taskId: string
      requestId: string
      name: string
      contentType: TaskFileType
      source: AsyncIterable<Uint8Array>
      declaredDigest?: string
    }): Promise<StoredFile> {
      const id = crypto.randomUUID()
      const startedAt = clock()
      const since = new Date(startedAt.getTime() - STALE_UPLOAD_MS).toISOString()
      const already = await bytesOfRequest(db.db, input.requestId, since)
      if (already >= MAX_REQUEST_FILE_BYTES) throw new FileTooLarge('request')
      await beginFile(db.db, { ...input, id }, startedAt.toISOString())
      const hash = createHash('sha256')
      const check = contentCheck(input.contentType)
      let pending: Buffer[] = []
      let pendingBytes = 0
      let n = 0
      let total = 0
      const flush = async () => {
        if (pendingBytes === 0) return
        const plain = Buffer.concat(pending, pendingBytes)
        pending = []
        pendingBytes = 0
        await appendChunk(db.db, id, n, seal(id, n, plain), plain.length)
        n++
      }
      try {
        for await (const piece of input.source) {
          const bytes = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength)
          total += bytes.length
          if (total > MAX_FILE_BYTES) throw new FileTooLarge('file')
          if (already + total > MAX_REQUEST_FILE_BYTES) throw new FileTooLarge('request')
          hash.update(bytes)
          check.update(bytes)
          pending.push(Buffer.from(bytes))
          pendingBytes += bytes.length
          while (pendingBytes >= CHUNK_BYTES) {
            const all = Buffer.concat(pending, pendingBytes)
            pending = [all.subarray(CHUNK_BYTES)]
            pendingBytes = all.length - CHUNK_BYTES
            await appendChunk(db.db, id, n, seal(id, n, all.subarray(0, CHUNK_BYTES)), CHUNK_BYTES)
            n++
          }
        }
        await flush()
        const refusal = check.end()
        if (refusal) throw new FileRefused(refusal)
        const sha256 = hash.digest('hex')
        if (input.declaredDigest && input.declaredDigest !== sha256)
          throw new FileRefused(
            'The file does not match the SHA-256 of its Content-Digest header: it was cut off or changed on its way',
          )
        const completedAt = clock().toISOString()
        await completeFile(db.db, id, sha256, completedAt)
        return {
          id,
          taskId: input.taskId,
          requestId: input.requestId,
          name: input.name,
          contentType: input.contentType,
          size: total,
          chunks: n,
          sha256,
          createdAt: startedAt.toISOString(),
          completedAt,
        }
      } catch (error) {
        await deleteFile(db.db, id).catch(() => {})
        throw error
      }
    },

    /** A stored file's plain bytes, chunk by chunk, as they are read: never the whole file in memory. */
    async *read(file: StoredFile): AsyncGenerator<Buffer> {
      for (let n = 0; n < file.chunks; n++) {
        const sealed = await readChunk(db.db, file.id, n)
        if (!sealed) throw new Error(`File ${file.id} lacks chunk ${n}`)
        yield open(file.id, n, sealed)
      }
    },
  }
}

export type FileStore = ReturnType<typeof createFileStore>

/**
 * Whether an upload is what it says it is, and whole: a PDF begins `%PDF-` and ends with `%%EOF`; a ZIP begins
 * with a local header and ends with its directory; JSON and CSV are UTF-8 text without NUL bytes, JSON opening
 * and closing with braces or brackets. A cut-off upload of any of them fails at its end. Answers the reason of
 * a refusal, or null. Only the head and the last 64 kB are kept.
 */
function contentCheck(type: TaskFileType) {
  let head = Buffer.alloc(0)
  let tail = Buffer.alloc(0)
  let total = 0
  let textError = false
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const text = type === 'application/json' || type === 'text/csv'
  return {
    update(bytes: Buffer) {
      total += bytes.length
      if (head.length < 1024) head = Buffer.concat([head, bytes]).subarray(0, 1024)
      tail = Buffer.concat([tail, bytes])
      if (tail.length > ZIP_TAIL_BYTES) tail = tail.subarray(tail.length - ZIP_TAIL_BYTES)
      if (text && !textError) {
        try {
          decoder.decode(bytes, { stream: true })
          if (bytes.includes(0)) textError = true
        } catch {
          textError = true
        }
      }
    },
    end(): string | null {
      if (total === 0) return 'The file is empty'
      if (text) {
        try {
          decoder.decode()
        } catch {
          textError = true
        }
        if (textError) return `A ${type} file must be UTF-8 text without NUL bytes`
        if (type === 'application/json') {
          const trimmed = (buffer: Buffer) =>
            buffer
              .toString('latin1')
              .replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '')
              .trim()
          const first = trimmed(head)[0]
          const last = trimmed(tail).at(-1)
          if (!((first === '{' && last === '}') || (first === '[' && last === ']')))
            return 'The JSON file does not open and close as a JSON object or array: is it cut off?'
        }
        return null
      }
      if (type === 'application/pdf') {
        if (!head.subarray(0, 5).equals(Buffer.from('%PDF-'))) return 'The file is not a PDF'
        if (!tail.subarray(-1024).includes('%%EOF')) return 'The PDF does not end with %%EOF: is it cut off?'
        return null
      }
      const signature = head.subarray(0, 4).toString('latin1')
      if (signature !== 'PK\u0003\u0004' && signature !== 'PK\u0005\u0006')
        return 'The file is not a ZIP archive'
      if (!tail.includes(Buffer.from('PK\u0005\u0006', 'latin1')))
        return 'The ZIP archive has no end of central directory: is it cut off?'
      return null
    },
  }
}
