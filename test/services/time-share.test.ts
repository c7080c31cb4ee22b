import { describe, expect, it } from 'vitest'
import { timeShare } from '../../server/services/time-share'

/** A clock the test moves: work "takes" time by moving it, a wait is recorded and moves it too. */
function fakeTime() {
  let now = 0
  const waits: number[] = []
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms
    },
    wait: async (ms: number) => {
      waits.push(ms)
      now += ms
    },
    waits,
  }
}

describe('a time share (issue 30 item 4: downloads take at most their share of the instance)', () => {
  it('lets the first piece go at once, then waits so that work is the given share of the time', async () => {
    const time = fakeTime()
    const inShare = timeShare({ share: 0.1, maxWaitMs: 250, now: time.now, wait: time.wait })
    const piece = (ms: number) => inShare(async () => time.advance(ms))
    await piece(2)
    expect(time.waits).toEqual([])
    await piece(3)
    // 2 ms of work at a share of 10 %: 18 ms of others' time before the next.
    expect(time.waits).toEqual([18])
    await piece(1)
    expect(time.waits).toEqual([18, 27])
    // Over the whole run, work was 6 ms of 51.
    expect(time.now()).toBe(6 + 18 + 27)
  })

  it('counts time that passed meanwhile: a piece asked for late goes at once', async () => {
    const time = fakeTime()
    const inShare = timeShare({ share: 0.5, maxWaitMs: 250, now: time.now, wait: time.wait })
    await inShare(async () => time.advance(4))
    time.advance(10)
    await inShare(async () => time.advance(1))
    expect(time.waits).toEqual([])
  })

  it('never waits longer than its bound, however long a piece took', async () => {
    const time = fakeTime()
    const inShare = timeShare({ share: 0.1, maxWaitMs: 250, now: time.now, wait: time.wait })
    await inShare(async () => time.advance(2000))
    await inShare(async () => time.advance(1))
    expect(time.waits).toEqual([250])
  })

  it('times a piece that failed too, and passes its error on', async () => {
    const time = fakeTime()
    const inShare = timeShare({ share: 0.25, maxWaitMs: 250, now: time.now, wait: time.wait })
    await expect(
      inShare(async () => {
        time.advance(4)
        throw new Error('the database went away')
      }),
    ).rejects.toThrow('the database went away')
    await inShare(async () => time.advance(1))
    expect(time.waits).toEqual([12])
  })

  it('refuses a share that is not a share', () => {
    for (const share of [0, -0.5, 1.5, Number.NaN])
      expect(() => timeShare({ share, maxWaitMs: 250 })).toThrow(RangeError)
    expect(() => timeShare({ share: 1, maxWaitMs: 250 })).not.toThrow()
  })
})
