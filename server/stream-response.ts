import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Request, Response } from 'express'

/**
 * Issue 30: an export's body written as it is read, a page of rows at a time, never whole in memory. Each
 * chunk waits until the client has taken the one before (the response's backpressure, through `pipeline`),
 * and the event loop gets a turn between chunks, so other visitors' requests are answered meanwhile. A
 * client that goes away mid-export stops the reading (the generator is closed: no further query) and is no
 * error: the response is simply not finished, and nothing is logged as a 5xx. An error after the first
 * bytes (the database gone mid-export) cuts the response off, so the client sees a broken transfer, never
 * a file that looks whole; it is thrown on for the error handler to log.
 */
export async function streamBody(req: Request, res: Response, chunks: AsyncIterable<string>): Promise<void> {
  if (req.method === 'HEAD') {
    res.end()
    return
  }
  const source = Readable.from(yielding(chunks), { objectMode: false })
  try {
    await pipeline(source, res)
  } catch (error) {
    if (clientGone(error, res)) return
    throw error
  }
}

/** The chunks, with a turn of the event loop after each (a query on SQLite answers without one). */
async function* yielding(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  for await (const chunk of chunks) {
    yield chunk
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
