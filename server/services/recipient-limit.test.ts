import { describe, expect, it } from 'vitest'
import { memoryRateLimitStore } from '../rate-limit-store'
import { normaliseAddress, recipientMailLimit } from './recipient-limit'

describe('recipientMailLimit', () => {
  it('allows 3 mails of a group per address in 24 hours, then again after the window', async () => {
    let now = Date.parse('2026-11-24T09:00:00Z')
    const limit = recipientMailLimit(memoryRateLimitStore({ now: () => now }), 3)
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await limit.allows('verification', 'Victim@Example.com'))
    expect(answers).toEqual([true, true, true, false, false])
    // Another spelling of the same mailbox counts against the same limit; another group has its own.
    expect(await limit.allows('verification', ' victim+x@example.COM ')).toBe(false)
    expect(await limit.allows('acknowledgement', 'victim@example.com')).toBe(true)
    now += 24 * 3600_000
    expect(await limit.allows('verification', 'victim@example.com')).toBe(true)
  })

  it('keeps an address at its limit under a flood of unique addresses, in bounded memory', async () => {
    let now = Date.parse('2026-11-24T09:00:00Z')
    const store = memoryRateLimitStore({ now: () => now, maxKeys: 1000 })
    const limit = recipientMailLimit(store, 3)
    for (let i = 0; i < 3; i++) expect(await limit.allows('verification', 'victim@example.com')).toBe(true)
    for (let i = 0; i < 20_000; i++) {
      now += 1000
      await limit.allows('verification', `bench-${i}@example.com`)
    }
    expect(store.size).toBeLessThanOrEqual(1000)
    // Five and a half hours later the victim is still at its limit.
    expect(await limit.allows('verification', 'victim@example.com')).toBe(false)
  })

  it.each([
    ['  Jan.Jansen+news@Example.NL ', 'jan.jansen@example.nl'],
    ['a@b.be', 'a@b.be'],
  ])('normalises %j to %j', (input, expected) => {
    expect(normaliseAddress(input)).toBe(expected)
  })
})
