import type { Request } from 'express'
import type { RateLimitStore } from '../rate-limit-store'

/**
 * Issue 30 item 5 (docs/decisions/011-uncached-renders.md): a page or search answer nobody asked for yet costs
 * a render, 30–60 times a kept answer; one client varying `?q=` could take the instance's CPU from everyone.
 * PAGE_RENDERS_PER_MINUTE bounds the renders one client address may cause (kept answers never count).
 *
 * Counted in windows of ten seconds, each allowing a sixth of the minute's renders (rounded up): a client
 * over its limit waits seconds, not a minute, and the burst it may send at a window's start is a sixth of
 * the minute's, so other visitors barely feel it. The counters are the rate limits' store: Redis when
 * configured (instances share the count), memory else; a store that fails lets the render through.
 */
export const RENDER_WINDOW_MS = 10_000

export interface RenderLimit {
  /** Counts one render for the request's client address: the seconds to wait when it is over its limit. */
  over(req: Request): Promise<number | null>
}

export function renderLimit(store: RateLimitStore, perMinute: number): RenderLimit | null {
  if (perMinute === 0) return null
  const perWindow = Math.ceil((perMinute * RENDER_WINDOW_MS) / 60_000)
  return {
    async over(req) {
      try {
        const count = await store.hit(`render:${req.ip ?? 'unknown'}`, RENDER_WINDOW_MS)
        return count > perWindow ? RENDER_WINDOW_MS / 1000 : null
      } catch {
        // The counters are away: rendering goes on (as the forms' limits, decision 008).
        return null
      }
    },
  }
}
