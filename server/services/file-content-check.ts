import type { TaskFileType } from '#shared/privacy-rights/tasks.ts'

/** A ZIP's end-of-central-directory record lies within this many bytes of its end. */
const ZIP_TAIL_BYTES = 22 + 65_535

/**
 * Whether an upload is what it says it is, and whole: a PDF begins `%PDF-` and ends with `%%EOF`; a ZIP begins
 * with a local header and ends with its directory; JSON and CSV are UTF-8 text without NUL bytes, JSON opening
 * and closing with braces or brackets. A cut-off upload of any of them fails at its end. Answers the reason of
 * a refusal, or null. Only the head and the last 64 kB are kept.
 */
export function contentCheck(type: TaskFileType) {
  let head = Buffer.alloc(0)
  // The last bytes so far, in one buffer of their own: no new buffer per piece of a 25 MB upload.
  const window = Buffer.allocUnsafe(ZIP_TAIL_BYTES)
  let kept = 0
  let total = 0
  let textError = false
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const text = type === 'application/json' || type === 'text/csv'
  return {
    update(bytes: Buffer) {
      total += bytes.length
      if (head.length < 1024) head = Buffer.concat([head, bytes]).subarray(0, 1024)
      if (bytes.length >= ZIP_TAIL_BYTES) {
        bytes.copy(window, 0, bytes.length - ZIP_TAIL_BYTES)
        kept = ZIP_TAIL_BYTES
      } else {
        const keep = Math.min(kept, ZIP_TAIL_BYTES - bytes.length)
        window.copyWithin(0, kept - keep, kept)
        bytes.copy(window, keep)
        kept = keep + bytes.length
      }
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
      const tail = window.subarray(0, kept)
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
