import { existsSync, readdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import express, { type RequestHandler } from 'express'

/** The project folder: the nearest folder up with package-lock.json (from server/ or from dist/node/). */
export const ROOT = findRoot(import.meta.dirname)
export const CLIENT_DIST = resolve(ROOT, 'dist/client')
export const SERVER_ENTRY = resolve(ROOT, 'dist/server/entry.mjs')

/** Production: the built assets; hashed files under /assets are cached for a year. */
export async function productionAssets(): Promise<RequestHandler> {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`No production build at ${SERVER_ENTRY}: run "npm run build" first`)
  }
  // Loads the Vike server build, so renderPage() serves the built pages.
  await import(SERVER_ENTRY)
  const serve = express.static(CLIENT_DIST, {
    index: false,
    redirect: false,
    setHeaders(res, path) {
      const immutable = path.startsWith(resolve(CLIENT_DIST, 'assets'))
      res.setHeader(
        'Cache-Control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      )
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
