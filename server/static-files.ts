import { readdirSync, readFileSync, statSync } from 'node:fs'
import { extname, join, sep } from 'node:path'
import type { RequestHandler } from 'express'
import { type Encoding, markPrecompressed, preferredEncoding } from './compressed'

/** One answer of a static file, built once: its body and every header but the security ones. */
interface Prepared {
  body: Buffer
  etag: string
  headers: Record<string, string | number>
}

/** A built file in memory: the variants the build wrote beside it, each with its headers ready. */
type StaticFile = Partial<Record<Encoding, Prepared>> & { identity: Prepared }

/** The types the client build holds (Vite's scripts, styles, fonts, images; public/'s SVG images). */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
}
const VARIANT_SUFFIX: Record<Exclude<Encoding, 'identity'>, string> = { br: '.br', gzip: '.gz' }
const IMMUTABLE = 'public, max-age=31536000, immutable'
const HOURLY = 'public, max-age=3600'
/** Where the build puts content-hashed files: a name missing there is a 404, never a page. */
const HASHED_PREFIX = '/assets/'

/**
 * Reads every file of the client build (dist/client) into memory once, with the `.br` and `.gz` variants the
 * build wrote (scripts/precompress.ts), and prepares each answer's headers: Content-Type, Content-Length,
 * Cache-Control (a year and immutable under /assets, an hour elsewhere), Last-Modified, `Vary:
 * Accept-Encoding` and an ETag per variant, the one the file server gave before (size, time and variant), so
 * the copies browsers hold stay valid.
 */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>()
  const names = readdirSync(root, { recursive: true, encoding: 'utf8' })
  const present = new Set(names)
  for (const name of names) {
    if (name.split(sep).some((part) => part.startsWith('.'))) continue
    if (name.endsWith('.br') || name.endsWith('.gz')) continue
    const path = join(root, name)
    if (!statSync(path).isFile()) continue
    const url = `/${name.split(sep).join('/')}`
    const type = TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream'
    const cacheControl = url.startsWith(HASHED_PREFIX) ? IMMUTABLE : HOURLY
    const prepare = (file: string, encoding: Encoding): Prepared => {
      const stat = statSync(file)
      const body = readFileSync(file)
      const etag = `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}-${encoding}"`
      const headers: Record<string, string | number> = {
        'Content-Type': type,
        'Cache-Control': cacheControl,
        'Last-Modified': stat.mtime.toUTCString(),
        Vary: 'Accept-Encoding',
        ETag: etag,
        'Content-Length': body.length,
      }
      if (encoding !== 'identity') headers['Content-Encoding'] = encoding
      return { body, etag, headers }
    }
    const entry: StaticFile = { identity: prepare(path, 'identity') }
    for (const encoding of ['br', 'gzip'] as const) {
      if (present.has(name + VARIANT_SUFFIX[encoding])) {
        entry[encoding] = prepare(path + VARIANT_SUFFIX[encoding], encoding)
      }
    }
    files.set(url, entry)
  }
  return files
}

/** The client holds this variant already (If-None-Match names its ETag, weakly compared, or `*`). */
function holds(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = etag.replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || trimmed.replace(/^W\//, '') === bare
  })
}

/**
 * Serves the client build from memory: GET and HEAD of a known file get the variant the client accepts
 * (brotli, else gzip, else the file), or 304 when If-None-Match names it; a path under /assets the build did
 * not write gets a 404 at once (a stale script must not be answered by a page). Anything else goes on.
 */
export function staticFilesFromMemory(files: Map<string, StaticFile>): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next()
      return
    }
    const file = files.get(req.path)
    if (!file) {
      if (!req.path.startsWith(HASHED_PREFIX)) {
        next()
        return
      }
      res.writeHead(404, { 'Cache-Control': 'no-store', 'Content-Length': 0 }).end()
      return
    }
    const encoding = preferredEncoding(req.headers['accept-encoding'])
    const answer = file[encoding] ?? file.identity
    markPrecompressed(res)
    if (holds(req.headers['if-none-match'], answer.etag)) {
      const { ETag, Vary, 'Cache-Control': cache, 'Last-Modified': modified } = answer.headers
      res.writeHead(304, { ETag, Vary, 'Cache-Control': cache, 'Last-Modified': modified }).end()
      return
    }
    res.writeHead(200, answer.headers)
    res.end(req.method === 'HEAD' ? undefined : answer.body)
  }
}
