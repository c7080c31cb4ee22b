/**
 * Answers kept for a few seconds and bounded by their size: what a burst of visitors asks again costs one
 * query. The least recently used answers go first once `maxBytes` is reached, an answer past `ttlMs` is
 * asked again, a request for an answer being computed waits for it, and a failed answer is not kept.
 */
export interface BriefCache<T> {
  get(key: string, compute: () => Promise<T>): Promise<T>
  /** The size of the answers held now, as `sizeOf` measured them. */
  readonly bytes: number
}

export function briefCache<T>(options: {
  ttlMs: number
  maxBytes: number
  sizeOf: (answer: T) => number
  now?: () => number
}): BriefCache<T> {
  const now = options.now ?? Date.now
  // A Map iterates in insertion order: a hit moves its entry to the end, so the first is the least recent.
  const entries = new Map<string, { answer: Promise<T>; until: number; bytes: number }>()
  let bytes = 0
  const drop = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    bytes -= entry.bytes
    entries.delete(key)
  }
  return {
    get(key, compute) {
      const time = now()
      const hit = entries.get(key)
      if (hit && hit.until > time) {
        entries.delete(key)
        entries.set(key, hit)
        return hit.answer
      }
      drop(key)
      const entry = { answer: compute(), until: time + options.ttlMs, bytes: 0 }
      entries.set(key, entry)
      entry.answer.then(
        (answer) => {
          if (entries.get(key) !== entry) return
          entry.bytes = key.length + options.sizeOf(answer)
          bytes += entry.bytes
          for (const oldest of entries.keys()) {
            if (bytes <= options.maxBytes) break
            drop(oldest)
          }
        },
        () => {
          if (entries.get(key) === entry) drop(key)
        },
      )
      return entry.answer
    },
    get bytes() {
      return bytes
    },
  }
}
