import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Request, Response } from 'express'

/**
 * Issue 30: an export's body written as it is read, a page of rows at a time, never whole in memory. Each
 * piece waits until the client has taken the one before (the response's backpressure, through `pipeline`),
 * and the event loop gets a turn between chunks, so other visitors' requests are answered meanwhile. A
 * client that goes away mid-export stops the reading (the generator is closed: no further query) and is no
 * error: the response is simply not finished, and nothing is logged as a 5xx. An error after the first
 * bytes (the database gone mid-export) cuts the response off, so the client sees a broken transfer, never
 * a file that looks whole; it is thrown on for the error handler to log.
 */
export async function streamBody(
  req: Request,
  res: Response,
  pages: AsyncIterable<readonly string[]>,
): Promise<void> {
  if (req.method === 'HEAD') {
    res.end()
    return
  }
  await streamTo(res, Readable.from(pieces(pages), { objectMode: false }))
}

/**
 * Issue 30 item 4: a file's or a package's bytes, as they are read (`source`: a stream, or the chunks a
 * generator yields), with the client's backpressure; a client that leaves stops the reading, as in
 * `streamBody`, and is no error. The headers are the caller's.
 */
export async function streamBytes(
  req: Request,
  res: Response,
  source: NodeJS.ReadableStream | AsyncIterable<Uint8Array>,
): Promise<void> {
  if (req.method === 'HEAD') {
    res.end()
    if (source instanceof Readable) source.destroy()
    else if (!('pipe' in source)) await source[Symbol.asyncIterator]().return?.()
    return
  }
  await streamTo(res, source)
}

/** `pipeline` into the response: its end, a client gone (quietly), or an error thrown on. */
async function streamTo(res: Response, source: NodeJS.ReadableStream | AsyncIterable<unknown>) {
  try {
    await pipeline(source, res)
  } catch (error) {
    if (clientGone(error, res)) return
    throw error
  }
}

/**
 * Below V8's large-object size: a piece this long dies young, where one string per page (hundreds of kB)
 * would sit in the old generation until a full collection (issue 30: the bench saw RSS grow by 75 MB so).
 */
const PIECE_CHARS = 32 * 1024

/**
 * Each page's texts (rows, lines) joined into pieces of at most about PIECE_CHARS, with a turn of the event
 * loop after each page (a query on SQLite answers without one).
 */
async function* pieces(pages: AsyncIterable<readonly string[]>): AsyncGenerator<string> {
  for await (const page of pages) {
    let piece = ''
    for (const text of page) {
      if (piece.length > 0 && piece.length + text.length > PIECE_CHARS) {
        yield piece
        piece = ''
      }
      piece += text
    }
    if (piece.length > 0) yield piece
    await nextTurn()
  }
}

/** The client closed the connection before the end: not a failure of ours. */
function clientGone(error: unknown, res: Response): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return (
    code === 'ERR_STREAM_PREMATURE_CLOSE' || (res.destroyed && !res.writableFinished && code !== undefined)
  )
}
