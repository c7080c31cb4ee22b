import { describe, expect, it } from 'vitest'
import type { Row, Run, Target } from './bench-load.ts'
import { median } from './bench-start.ts'
import { faviconGoalsJudged, faviconVerdict, versus, versusVerdicts } from './bench-versus.ts'

const run = (rps: number, p99: number): Run => ({
  requests: rps,
  seconds: 1,
  rps,
  p50: p99 / 2,
  p99,
  ok: rps,
  unexpected: 0,
  errors: 0,
  timeouts: 0,
  statuses: { 200: rps },
})
const row = (target: Partial<Target>, app: Run, nginx?: Run, faviconRps = 1000): Row => ({
  target: { name: 'home', path: '/nl', headers: {}, ...target },
  run: app,
  favicon: { rps: faviconRps, p99: 10 },
  ratio: app.rps / faviconRps,
  p99Ratio: 1,
  probe: '200 br 3.0 kB',
  ...(nginx ? { nginx } : {}),
})

describe('the bench against nginx', () => {
  it('leaves a favicon goal unjudged only where an nginx goal judges the same figure', () => {
    const both = { rate: false, p99: false }
    expect(faviconGoalsJudged(row({ kind: 'page' }, run(400, 30), run(1000, 10)))).toEqual(both)
    expect(faviconGoalsJudged(row({ kind: 'static' }, run(400, 30), run(1000, 10)))).toEqual(both)
    // An API answer has no rate goal against nginx: its rate is still held to the favicon.
    expect(faviconGoalsJudged(row({ kind: 'answer' }, run(400, 30), run(1000, 10)))).toEqual({
      rate: true,
      p99: false,
    })
    // Without nginx (not installed, or --quick), every favicon goal is judged as before.
    expect(faviconGoalsJudged(row({ kind: 'page' }, run(400, 30)))).toEqual({ rate: true, p99: true })
    expect(faviconGoalsJudged(row({}, run(400, 30), run(1000, 10)))).toEqual({ rate: true, p99: true })
  })

  it("divides our rate and p99 by nginx's, a p99 under 1 ms counting as 1 ms", () => {
    expect(versus(row({}, run(400, 30), run(1000, 10)))).toEqual({ rate: 0.4, p99: 3 })
    expect(versus(row({}, run(500, 0), run(1000, 0)))).toEqual({ rate: 0.5, p99: 1 })
    expect(versus(row({}, run(500, 5)))).toBeNull()
  })

  it('judges a cached page on both goals, at their bounds', () => {
    expect(versusVerdicts(row({ kind: 'page' }, run(400, 30), run(1000, 10)))).toEqual([
      { what: "home: rate ÷ nginx's", figure: '0.40×', goal: '≥ 0.4×', pass: true },
      { what: "home: p99 ÷ nginx's", figure: '3.00×', goal: '≤ 3×', pass: true },
    ])
    const slow = versusVerdicts(row({ kind: 'static' }, run(399, 31), run(1000, 10)))
    expect(slow.map((verdict) => verdict.pass)).toEqual([false, false])
  })

  it('judges an API answer on its p99 only, and a target of no kind not at all', () => {
    const api = versusVerdicts(row({ name: 'search API', kind: 'answer' }, run(100, 20), run(1000, 10)))
    expect(api).toEqual([{ what: "search API: p99 ÷ nginx's", figure: '2.00×', goal: '≤ 3×', pass: true }])
    expect(versusVerdicts(row({}, run(100, 20), run(1000, 10)))).toEqual([])
  })

  it('wants the favicon at least as fast as the cached home page', () => {
    expect(faviconVerdict(row({ kind: 'page' }, run(2000, 5), undefined, 1000))).toMatchObject({
      figure: '0.50×',
      pass: false,
    })
    expect(faviconVerdict(row({ kind: 'page' }, run(1000, 5), undefined, 1000))?.pass).toBe(true)
    expect(faviconVerdict(undefined)).toBeNull()
  })

  it('takes the median of the starts', () => {
    expect(median([900, 3000, 1200])).toBe(1200)
    expect(median([1000, 1400, 2000, 1200])).toBe(1300)
  })
})
