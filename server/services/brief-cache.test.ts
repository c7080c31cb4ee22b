import { describe, expect, it } from 'vitest'
import { briefCache } from './brief-cache'

describe('briefCache', () => {
  const setup = (maxBytes = 1000) => {
    let now = 1_000_000
    let computed = 0
    const cache = briefCache<string>({
      ttlMs: 5000,
      maxBytes,
      sizeOf: (answer) => answer.length,
      now: () => now,
    })
    const ask = (key: string, answer = `answer ${key}`) =>
      cache.get(key, async () => {
        computed++
        return answer
      })
    return { cache, ask, computed: () => computed, later: (ms: number) => (now += ms) }
  }

  it('answers again from memory until ttlMs has passed, then asks again', async () => {
    const { ask, computed, later } = setup()
    expect(await ask('a')).toBe('answer a')
    later(4999)
    expect(await ask('a', 'changed')).toBe('answer a')
    expect(computed()).toBe(1)
    later(1)
    expect(await ask('a', 'changed')).toBe('changed')
    expect(computed()).toBe(2)
  })

  it('computes an answer once for requests that come while it is being computed', async () => {
    const { cache } = setup()
    let calls = 0
    let release: (value: string) => void = () => {}
    const slow = () => {
      calls++
      return new Promise<string>((resolve) => {
        release = resolve
      })
    }
    const answers = Promise.all([cache.get('k', slow), cache.get('k', slow), cache.get('k', slow)])
    release('one')
    expect(await answers).toEqual(['one', 'one', 'one'])
    expect(calls).toBe(1)
  })

  it('keeps no failed answer', async () => {
    const { cache, ask } = setup()
    await expect(cache.get('k', () => Promise.reject(new Error('database away')))).rejects.toThrow()
    expect(await ask('k')).toBe('answer k')
  })

  it('holds at most maxBytes, dropping the least recently used answers first', async () => {
    const { cache, ask, computed } = setup(100)
    // Each entry is its key (1 byte) and an answer of 29 bytes: three fit, a fourth pushes one out.
    const answer = 'x'.repeat(29)
    for (const key of ['a', 'b', 'c']) await ask(key, answer)
    expect(cache.bytes).toBe(90)
    await ask('a', answer)
    await ask('d', answer)
    expect(cache.bytes).toBe(90)
    expect(computed()).toBe(4)
    // 'b' was the least recently used: asked again, it is computed again; 'a' was kept.
    await ask('a', answer)
    expect(computed()).toBe(4)
    await ask('b', answer)
    expect(computed()).toBe(5)
    // An answer larger than the whole cache is answered, never kept.
    await ask('huge', 'y'.repeat(500))
    expect(cache.bytes).toBeLessThanOrEqual(100)
  })
})
