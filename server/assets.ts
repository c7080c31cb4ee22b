import { existsSync, readdirSync } from 'node:fs'
import { dirname, extname, join, resolve } from 'node:path'
import type { RequestHandler } from 'express'
import expressStaticGzip from 'express-static-gzip'
import { markPrecompressed } from './compressed'

/** The project folder: the nearest folder up with package-lock.json (from server/ or from dist/node/). */
export const ROOT = findRoot(import.meta.dirname)
export const CLIENT_DIST = resolve(ROOT, 'dist/client')
export const SERVER_ENTRY = resolve(ROOT, 'dist/server/entry.mjs')
const ENCODING_OF: Record<string, string> = { '.br': 'br', '.gz': 'gzip' }

/**
 * Production: the built assets. The build wrote `.br` and `.gz` beside every text file
 * (scripts/precompress.ts); the client gets brotli if it takes it, else gzip, else the file itself, with
 * `Vary: Accept-Encoding`, the file's own Content-Type, the variant's Content-Length and an ETag per
 * variant (304 on If-None-Match). Hashed files under /assets are cached for a year.
 */
export async function productionAssets(): Promise<RequestHandler> {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`No production build at ${SERVER_ENTRY}: run "npm run build" first`)
  }
  // Loads the Vike server build, so renderPage() serves the built pages.
  await import(SERVER_ENTRY)
  const immutable = resolve(CLIENT_DIST, 'assets')
  const serve = expressStaticGzip(CLIENT_DIST, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      redirect: false,
      setHeaders(res, path, stat) {
        markPrecompressed(res)
        res.setHeader(
          'Cache-Control',
          path.startsWith(immutable) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        )
        // serve-static's ETag is the file's size and time, which a .br and a .gz may share by chance.
        const variant = ENCODING_OF[extname(path)] ?? 'identity'
        res.setHeader('ETag', `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}-${variant}"`)
      },
    },
  })
  // Only paths under the build's own top-level names reach the file system; pages never do.
  const topLevel = new Set(readdirSync(CLIENT_DIST).filter((name) => !name.startsWith('.')))
  return (req, res, next) => {
    const first = req.path.split('/')[1] ?? ''
    if (topLevel.has(first)) serve(req, res, next)
    else next()
  }
}

/** Development: Vite's middleware, with hot reload. */
export async function developmentAssets(): Promise<RequestHandler> {
  const { createDevMiddleware } = await import('vike/server')
  const { devMiddleware } = await createDevMiddleware({ root: ROOT })
  return devMiddleware as RequestHandler
}

function findRoot(start: string): string {
  for (let dir = start; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'package-lock.json'))) return dir
  }
  throw new Error(`No project folder above ${start}`)
}
