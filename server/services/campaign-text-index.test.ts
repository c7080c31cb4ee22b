import { describe, expect, it } from 'vitest'
import type { SearchEntry } from '../db/campaign-repository'
import { createCampaignTextIndex, pageOfMatches, type TextQuery } from './campaign-text-index'

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
