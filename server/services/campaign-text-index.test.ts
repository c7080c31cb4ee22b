import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { SearchEntry } from '../db/campaign-repository'
import {
  createCampaignTextIndex,
  mayHold,
  pageOfMatches,
  type TextQuery,
  trigramsOf,
} from './campaign-text-index'

const entry = (id: string, fields: Partial<SearchEntry> = {}): SearchEntry => ({
  id,
  country: 'NL',
  isSample: false,
  withdrawn: false,
  start: '2026-11-01',
  end: '2026-11-30',
  channel: 'PRINT',
  text: `stichting ${id}`,
  ...fields,
})

const query = (fields: Partial<TextQuery> = {}, filter: Partial<TextQuery['filter']> = {}): TextQuery => ({
  country: 'NL',
  includeSamples: false,
  filter: { periodFilter: 'ALL', channelFilter: 'ALL', textFilter: '', ...filter },
  needle: 'stichting',
  today: '2026-11-20',
  limit: 24,
  offset: 0,
  ...fields,
})

describe('the text filter in memory', () => {
  const entries = [
    entry('a'),
    entry('b', { country: 'BE' }),
    entry('c', { isSample: true }),
    entry('d', { withdrawn: true }),
    entry('e', { channel: 'TV', start: '2025-01-01', end: '2025-01-31' }),
    entry('f', { text: 'vereniging f' }),
  ]

  it('applies the country, samples, withdrawn, period, channel and substring as the database does', () => {
    expect(pageOfMatches(entries, query())).toEqual({ ids: ['a', 'e'], total: 2 })
    expect(pageOfMatches(entries, query({ country: 'BE' }))).toEqual({ ids: ['b'], total: 1 })
    expect(pageOfMatches(entries, query({ includeSamples: true })).ids).toEqual(['a', 'c', 'e'])
    expect(pageOfMatches(entries, query({}, { withdrawn: true })).ids).toEqual(['d'])
    expect(pageOfMatches(entries, query({}, { periodFilter: 'PAST_30_DAYS' })).ids).toEqual(['a'])
    expect(pageOfMatches(entries, query({}, { channelFilter: 'TV' })).ids).toEqual(['e'])
    expect(pageOfMatches(entries, query({ needle: 'ting e' })).ids).toEqual(['e'])
    expect(pageOfMatches(entries, query({ needle: 'STICHTING' })).total).toBe(0)
  })

  it('answers one page in the given order and counts every match', () => {
    const many = Array.from({ length: 60 }, (_, i) => entry(`n${i}`))
    expect(pageOfMatches(many, query({ limit: 24, offset: 48 }))).toEqual({
      ids: many.slice(48).map((one) => one.id),
      total: 60,
    })
    expect(pageOfMatches(many, query({ offset: 100 }))).toEqual({ ids: [], total: 60 })
  })

  it('reads the notices again once they are maxAgeMs old, or at once when forgotten', async () => {
    let now = 0
    let loads = 0
    let held = [entry('a')]
    const index = createCampaignTextIndex({
      load: async () => {
        loads++
        return held
      },
      maxAgeMs: 5_000,
      now: () => now,
    })
    await Promise.all([index.search(query()), index.search(query())])
    expect(loads).toBe(1)
    held = [entry('a'), entry('b2')]
    now = 4_999
    expect((await index.search(query()))?.total).toBe(1)
    now = 5_000
    expect((await index.search(query()))?.total).toBe(2)
    held = [entry('a')]
    index.forget()
    expect((await index.search(query()))?.total).toBe(1)
    expect(loads).toBe(3)
  })

  it('keeps no failed read, and leaves the search to the database when there are too many notices', async () => {
    let fail = true
    const index = createCampaignTextIndex({
      load: async () => {
        if (fail) throw new Error('database away')
        return null
      },
      maxAgeMs: 5_000,
      now: () => 0,
    })
    await expect(index.search(query())).rejects.toThrow('database away')
    fail = false
    expect(await index.search(query())).toBeNull()
  })
})

describe('the map of three-character runs (issue 30)', () => {
  const text = fc.stringMatching(/^[a-zà-ÿ0-9 '"%_.-]{0,60}$/)

  it('never turns away a needle some text holds, and turns away made-up words', () => {
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 30 }),
        fc.nat(),
        fc.nat(),
        fc.nat(60),
        (texts, pick, from, length) => {
          const source = texts[pick % texts.length] ?? ''
          const needle = source.slice(from % (source.length + 1), (from % (source.length + 1)) + length)
          const bits = trigramsOf(texts.map((t, i) => entry(String(i), { text: t })))
          expect(mayHold(bits, needle)).toBe(true)
        },
      ),
    )
    fc.assert(
      fc.property(fc.array(text, { maxLength: 30 }), text, (texts, needle) => {
        const entries = texts.map((t, i) => entry(String(i), { text: t }))
        // Whatever the map says, a needle it turns away is in no text.
        if (!mayHold(trigramsOf(entries), needle))
          expect(entries.some((e) => e.text.includes(needle))).toBe(false)
      }),
    )
    const bits = trigramsOf([
      entry('a', { text: 'stichting groen land' }),
      entry('b', { text: 'vereniging 2026' }),
    ])
    expect(mayHold(bits, 'miq3k2x1a')).toBe(false)
    expect(mayHold(bits, 'groen')).toBe(true)
  })

  it('answers a text no notice holds without walking them, and the same as the walk otherwise', async () => {
    const entries = [entry('a'), entry('f', { text: 'vereniging f' })]
    const index = createCampaignTextIndex({ load: async () => entries, maxAgeMs: 5_000, now: () => 0 })
    await index.search(query())
    for (const needle of ['zzqx', 'stichting', 'vereniging f', 'ing', 'qq'])
      expect(await index.search(query({ needle }))).toEqual(pageOfMatches(entries, query({ needle })))
  })
})
