import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import type { Request, Response } from 'express'

export type Encoding = 'br' | 'gzip' | 'identity'

/** A response body compressed once, to be sent many times (issue 19): each encoding has an ETag of its own. */
export interface CompressedBody {
  variants: Readonly<Record<Encoding, Buffer>>
  etags: Readonly<Record<Encoding, string>>
  /** What the variants take in memory. */
  bytes: number
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Brotli at a moderate quality and gzip at zlib's default level: a page is compressed once per cache fill,
 * so it may cost a few milliseconds, but not the seconds of quality 11.
 */
const BROTLI_QUALITY = 6
const GZIP_LEVEL = 6
/**
 * Issue 30: a body up to this size is compressed on the main thread. A page of a few kilobytes takes about
 * 0.1 ms per encoding that way; handed to the thread pool it costs the main thread some 0.5 ms of stream
 * set-up and hand-over per encoding, for the same bytes. A larger body goes to the thread pool.
 */
const SYNC_MAX_BYTES = 64 * 1024

/**
 * Issue 30: brotli's window is sized to the body (2^10 to 2^22 bytes, the format's bounds), so a page of a few
 * kilobytes does not set up a 4 MiB window for each compression; the output is the same format any decoder
 * reads, and no smaller for a larger window than the body.
 */
const brotliOptions = (identity: Buffer) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    [constants.BROTLI_PARAM_LGWIN]: Math.min(22, Math.max(10, Math.ceil(Math.log2(identity.length + 1)))),
  },
})

/**
 * The body in every encoding. `asked`: the one encoding its first client takes, for an answer few will ask
 * for again (a page for a query string, issue 30): a small body is compressed in that encoding only, and in
 * another when a client first asks for it (`bytes` counts what was made at once). Without it, or for a large
 * body (compressed in the thread pool), every encoding is made now.
 */
export async function compressBody(body: string | Buffer, asked?: Encoding): Promise<CompressedBody> {
  const identity = typeof body === 'string' ? Buffer.from(body) : body
  const hash = hashOf(identity)
  const etags = { br: etagOf(hash, 'br'), gzip: etagOf(hash, 'gzip'), identity: etagOf(hash, 'identity') }
  if (identity.length > SYNC_MAX_BYTES) {
    const [br, gzip] = await Promise.all([
      brotli(identity, brotliOptions(identity)),
      gzipAsync(identity, { level: GZIP_LEVEL }),
    ])
    return { variants: { br, gzip, identity }, etags, bytes: identity.length + br.length + gzip.length }
  }
  const made: Partial<Record<Encoding, Buffer>> = { identity }
  const variant = (encoding: Encoding) => {
    made[encoding] ??= encodeSync(identity, encoding)
    return made[encoding]
  }
  const now: Encoding[] = asked ? [asked] : ['br', 'gzip']
  const bytes =
    identity.length +
    now.reduce((sum, encoding) => sum + (encoding === 'identity' ? 0 : variant(encoding).length), 0)
  return {
    variants: {
      get br() {
        return variant('br')
      },
      get gzip() {
        return variant('gzip')
      },
      identity,
    },
    etags,
    bytes,
  }
}

const hashOf = (identity: Buffer) => createHash('sha256').update(identity).digest('base64url').slice(0, 22)
const etagOf = (hash: string, encoding: Encoding) =>
  encoding === 'identity' ? `"${hash}"` : `"${hash}-${encoding === 'br' ? 'br' : 'gz'}"`

function encodeSync(identity: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br') return brotliCompressSync(identity, brotliOptions(identity))
  return encoding === 'gzip' ? gzipSync(identity, { level: GZIP_LEVEL }) : identity
}

/**
 * br when the client takes it, else gzip, else identity (RFC 9110 §12.5.3): `q=0` refuses an encoding, `*`
 * stands for any encoding not named. Our order wins over the client's, as brotli is smaller.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  // Issue 30: browsers send a handful of distinct values; each is parsed once (at most CHOSEN_MAX kept).
  const key = acceptEncoding ?? ''
  let encoding = chosen.get(key)
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(key)
    if (chosen.size >= CHOSEN_MAX) chosen.clear()
    chosen.set(key, encoding)
  }
  return encoding
}

const CHOSEN_MAX = 256
const chosen = new Map<string, Encoding>()

function parseAcceptEncoding(acceptEncoding: string): Encoding {
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase())
    const q = parameters.find((parameter) => parameter.startsWith('q='))
    if (name) weights.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0)
  }
  const accepts = (encoding: string) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0
  if (accepts('br')) return 'br'
  if (accepts('gzip')) return 'gzip'
  return 'identity'
}

const precompressed = new WeakSet<object>()
/** A response whose body was compressed ahead (a built asset, a kept page): compression() leaves it alone. */
export const markPrecompressed = (res: object): void => void precompressed.add(res)
export const isPrecompressed = (res: object): boolean => precompressed.has(res)

/**
 * Sends the variant the client accepts with its Content-Encoding, Content-Length and ETag, or `304 Not
 * Modified` when the client holds that variant already. The status and the other headers are the caller's.
 */
export function sendCompressed(req: Request, res: Response, body: CompressedBody): void {
  const encoding = preferredEncoding(req.headers['accept-encoding'])
  sendVariant(req, res, encoding, body.etags[encoding], () => body.variants[encoding])
}

function sendVariant(req: Request, res: Response, encoding: Encoding, etag: string, variant: () => Buffer) {
  markPrecompressed(res)
  res.vary('Accept-Encoding')
  res.setHeader('ETag', etag)
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
  if (req.fresh) {
    res.status(304).end()
    return
  }
  const bytes = variant()
  res.setHeader('Content-Length', bytes.length)
  res.end(req.method === 'HEAD' ? undefined : bytes)
}
