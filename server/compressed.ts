import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
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
 * in the thread pool, so it may cost a few milliseconds, but not the seconds of quality 11.
 */
const BROTLI_QUALITY = 6
const GZIP_LEVEL = 6

export async function compressBody(body: string | Buffer): Promise<CompressedBody> {
  const identity = typeof body === 'string' ? Buffer.from(body) : body
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: GZIP_LEVEL }),
  ])
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 22)
  return {
    variants: { br, gzip: gz, identity },
    etags: { br: `"${hash}-br"`, gzip: `"${hash}-gz"`, identity: `"${hash}"` },
    bytes: identity.length + br.length + gz.length,
  }
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
  markPrecompressed(res)
  res.vary('Accept-Encoding')
  res.setHeader('ETag', body.etags[encoding])
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
  if (req.fresh) {
    res.status(304).end()
    return
  }
  res.setHeader('Content-Length', body.variants[encoding].length)
  res.end(req.method === 'HEAD' ? undefined : body.variants[encoding])
}
