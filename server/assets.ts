import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { RequestHandler } from 'express'
import { loadStaticFiles, type StaticFiles, staticFilesFromMemory } from './static-files'

/** The project folder: the nearest folder up with package-lock.json (from server/ or from dist/node/). */
export const ROOT = findRoot(import.meta.dirname)
export const CLIENT_DIST = resolve(ROOT, 'dist/client')
export const SERVER_ENTRY = resolve(ROOT, 'dist/server/entry.mjs')

/** The client's files, as the app serves them. */
export interface Assets {
  /** Express middleware: the built files from memory (production), or Vite's with hot reload (development). */
  handler: RequestHandler
  /**
   * Production: the built files themselves, which the front door answers before Express
   * (server/middleware/front-door.ts, issue 30).
   */
  files?: StaticFiles
}

/**
 * Production: the built assets, from memory (issue 30 item 1, server/static-files.ts). The build wrote `.br`
 * and `.gz` beside every text file (scripts/precompress.ts); the client gets brotli if it takes it, else
 * gzip, else the file itself, with `Vary: Accept-Encoding`, the file's own Content-Type, the variant's
 * Content-Length and an ETag per variant (304 on If-None-Match). Hashed files under /assets are cached for a
 * year; a missing one is a 404.
 */
export async function productionAssets(): Promise<Assets> {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`No production build at ${SERVER_ENTRY}: run "npm run build" first`)
  }
  // Loads the Vike server build, so renderPage() serves the built pages.
  await import(SERVER_ENTRY)
  const files = loadStaticFiles(CLIENT_DIST)
  return { handler: staticFilesFromMemory(files), files }
}

/** Development: Vite's middleware, with hot reload. */
export async function developmentAssets(): Promise<Assets> {
  const { createDevMiddleware } = await import('vike/server')
  const { devMiddleware } = await createDevMiddleware({ root: ROOT })
  return { handler: devMiddleware as RequestHandler }
}

function findRoot(start: string): string {
  for (let dir = start; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'package-lock.json'))) return dir
  }
  throw new Error(`No project folder above ${start}`)
}
