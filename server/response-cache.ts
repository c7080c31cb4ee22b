import { LRUCache } from 'lru-cache'
import type { CompressedBody } from './compressed'

/** A response kept to be sent again: its status, its own headers and its body, compressed once. */
export interface CachedResponse {
  status: number
  headers: readonly (readonly [string, string])[]
  body: CompressedBody
  /** What the page was made of (`pageCache.tag`): `forget(tag)` drops it when that changes in this process. */
  tag?: string
}

/**
 * Where an answer is kept. `pages`: public pages addressed by their path alone, a set the site decides.
 * `other`: everything a visitor can make up (a query string, a not-found path): a flood of those only
 * pushes out each other, never the pages.
 */
export type Shelf = 'pages' | 'other'

export interface ResponseCache {
  get(key: string): CachedResponse | undefined
  /** Keeps `value` on `shelf` for at most `maxAgeMs` (none: until pushed out by newer answers). */
  set(key: string, value: CachedResponse, options: { shelf: Shelf; maxAgeMs?: number }): void
  /** Drops every answer kept with `tag`: what it was made of changed here (another process: its age limit). */
  forget(tag: string): void
  /** Entries and bytes per shelf, for tests and operators. */
  stats(): Record<Shelf, { entries: number; bytes: number }>
}

/** The `other` shelf's share of the budget. */
const OTHER_SHARE = 0.25
/** What an entry costs beyond its bodies: the key, the headers, the objects around them. */
const ENTRY_OVERHEAD = 512

/**
 * Issue 19: rendered pages and search answers, compressed, bounded in bytes (PAGE_CACHE_MB) on two shelves,
 * least recently used first out, each entry with its own age limit. `clock` (milliseconds) is injected by tests.
 */
export function createResponseCache(options: { maxBytes: number; clock?: () => number }): ResponseCache {
  const perf = { now: options.clock ?? Date.now }
  const shelf = (maxSize: number) =>
    new LRUCache<string, CachedResponse>({
      maxSize,
      sizeCalculation: (value, key) =>
        value.body.bytes +
        key.length * 2 +
        value.headers.reduce((sum, [name, content]) => sum + name.length + content.length, 0) * 2 +
        ENTRY_OVERHEAD,
      perf,
      // Every read asks the clock: an injected clock is never read from a stale copy.
      ttlResolution: 0,
    })
  const shelves: Record<Shelf, LRUCache<string, CachedResponse>> = {
    pages: shelf(Math.floor(options.maxBytes * (1 - OTHER_SHARE))),
    other: shelf(Math.floor(options.maxBytes * OTHER_SHARE)),
  }
  return {
    get: (key) => shelves.pages.get(key) ?? shelves.other.get(key),
    set(key, value, { shelf: name, maxAgeMs }) {
      // A path can move from one shelf to the other (a page that is found again): one copy only.
      shelves[name === 'pages' ? 'other' : 'pages'].delete(key)
      shelves[name].set(key, value, { ttl: maxAgeMs ?? 0 })
    },
    forget(tag) {
      for (const kept of Object.values(shelves))
        for (const [key, value] of kept.entries()) if (value.tag === tag) kept.delete(key)
    },
    stats: () => ({
      pages: { entries: shelves.pages.size, bytes: shelves.pages.calculatedSize },
      other: { entries: shelves.other.size, bytes: shelves.other.calculatedSize },
    }),
  }
}

/**
 * Runs `make` once for all concurrent callers with the same key: a burst of requests for a page or a search
 * that is not kept yet renders it once, not once per request. Holds only what is running.
 */
export function singleFlight<T>(): (key: string, make: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>()
  return (key, make) => {
    const current = running.get(key)
    if (current) return current
    const started = make().finally(() => running.delete(key))
    running.set(key, started)
    return started
  }
}
