import { readdirSync, readFileSync, statSync } from 'node:fs'
import { extname, join, sep } from 'node:path'
import type { RequestHandler } from 'express'
import { type Encoding, markPrecompressed, preferredEncoding } from './compressed'

/** One answer of a static file, built once: its body and every header but the security ones. */
interface Prepared {
  body: Buffer
  etag: string
  headers: Record<string, string | number>
  /** The headers of its 304: the validators and caching, no body's. */
  notModified: Record<string, string | number>
}

/** A built file in memory: the variants the build wrote beside it, each with its headers ready. */
type StaticFile = Partial<Record<Encoding, Prepared>> & { identity: Prepared }

/** The client build by URL path (`/favicon.svg`, `/assets/…`). */
export type StaticFiles = ReadonlyMap<string, StaticFile>

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
export function loadStaticFiles(root: string): StaticFiles {
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
      const modified = stat.mtime.toUTCString()
      const headers: Record<string, string | number> = {
        'Content-Type': type,
        'Cache-Control': cacheControl,
        'Last-Modified': modified,
        Vary: 'Accept-Encoding',
        ETag: etag,
        'Content-Length': body.length,
      }
      const notModified = {
        ETag: etag,
        Vary: 'Accept-Encoding',
        'Cache-Control': cacheControl,
        'Last-Modified': modified,
      }
      if (encoding !== 'identity') headers['Content-Encoding'] = encoding
      return { body, etag, headers, notModified }
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

/** What a request for a built file is answered: a variant (200 or 304), a 404, or nothing (not ours). */
export type StaticAnswer =
  | { status: 200 | 304; headers: Record<string, string | number>; body: Buffer | undefined }
  | { status: 404; headers: Record<string, string | number>; body: undefined }

const MISSING = {
  status: 404,
  headers: { 'Cache-Control': 'no-store', 'Content-Length': 0 },
  body: undefined,
} as const

/**
 * The answer to GET or HEAD of `path`: the variant the client accepts (brotli, else gzip, else the file), or
 * 304 when If-None-Match names it; a path under /assets the build did not write is a 404 (a stale script must
 * not be answered by a page). Null for anything else: another method, or a path the build did not write.
 */
export function staticAnswer(
  files: StaticFiles,
  method: string | undefined,
  path: string,
  headers: { 'accept-encoding'?: string; 'if-none-match'?: string },
): StaticAnswer | null {
  if (method !== 'GET' && method !== 'HEAD') return null
  const file = files.get(path)
  if (!file) return path.startsWith(HASHED_PREFIX) ? MISSING : null
  const answer = file[preferredEncoding(headers['accept-encoding'])] ?? file.identity
  if (holds(headers['if-none-match'], answer.etag)) {
    return { status: 304, headers: answer.notModified, body: undefined }
  }
  return { status: 200, headers: answer.headers, body: method === 'HEAD' ? undefined : answer.body }
}

/** Serves the client build from memory (staticAnswer); anything that is not a built file goes on. */
export function staticFilesFromMemory(files: StaticFiles): RequestHandler {
  return (req, res, next) => {
    const answer = staticAnswer(files, req.method, req.path, req.headers)
    if (!answer) {
      next()
      return
    }
    if (answer.status !== 404) markPrecompressed(res)
    res.writeHead(answer.status, answer.headers).end(answer.body)
  }
}
