import { describe, expect, it } from 'vitest'
import { parseOptions, TARGETS } from './bench-report.ts'

describe('npm run bench options', () => {
  it('runs every target, Lighthouse included, without options', () => {
    const options = parseOptions([], {})
    expect([...options.only].sort()).toEqual([...TARGETS].sort())
    expect(options).toMatchObject({ quick: false, seconds: 5, lighthouseRuns: 3 })
  })

  it('leaves Lighthouse out of --quick unless it is asked for', () => {
    expect(parseOptions(['--quick'], {}).only.has('lighthouse')).toBe(false)
    expect(parseOptions(['--quick'], {}).only.size).toBe(TARGETS.length - 1)
    expect([...parseOptions(['--quick', '--only', 'lighthouse'], {}).only]).toEqual(['lighthouse'])
  })

  it.each([
    [['--only', 'pages,search'], {}, ['pages', 'search']],
    [['--only=desk'], {}, ['desk']],
    [[], { BENCH_ONLY: 'feed, submit' }, ['feed', 'submit']],
    [['--only', 'js'], {}, ['asset', 'bytes']],
  ])('%j %j runs %j', (argv, env, targets) => {
    expect([...parseOptions(argv, env).only]).toEqual(targets)
  })

  it('refuses an unknown target, naming the ones there are', () => {
    expect(() => parseOptions(['--only', 'pages,speed'], {})).toThrow(
      /Unknown target "speed": choose from asset, pages/,
    )
  })

  it('refuses an unknown option with the usage', () => {
    expect(() => parseOptions(['--fast'], {})).toThrow(/Unknown option "--fast"[\s\S]*--only NAMES/)
  })

  it('takes the seconds per run from BENCH_SECONDS, and refuses what is not a duration', () => {
    expect(parseOptions([], { BENCH_SECONDS: '10' }).seconds).toBe(10)
    expect(() => parseOptions([], { BENCH_SECONDS: 'ten' })).toThrow(/BENCH_SECONDS/)
    expect(() => parseOptions([], { BENCH_SECONDS: '0' })).toThrow(/BENCH_SECONDS/)
  })

  it('takes the Lighthouse runs per page from BENCH_LIGHTHOUSE_RUNS, a whole number from 1', () => {
    expect(parseOptions([], { BENCH_LIGHTHOUSE_RUNS: '5' }).lighthouseRuns).toBe(5)
    expect(() => parseOptions([], { BENCH_LIGHTHOUSE_RUNS: '0' })).toThrow(/BENCH_LIGHTHOUSE_RUNS/)
    expect(() => parseOptions([], { BENCH_LIGHTHOUSE_RUNS: '1.5' })).toThrow(/BENCH_LIGHTHOUSE_RUNS/)
  })

  it("knows the target names a scenario module brings (scripts/bench.ts's list)", () => {
    const names = [...TARGETS, 'streams']
    expect([...parseOptions(['--only', 'streams,start'], {}, names).only]).toEqual(['streams', 'start'])
    expect(parseOptions([], {}, names).only.has('streams')).toBe(true)
    expect(() => parseOptions(['--only', 'streams'], {})).toThrow(/Unknown target "streams"/)
  })
})
