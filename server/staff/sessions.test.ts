import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, migrate, openDatabase } from '../db/database'
import { createStaffSessions, isAllowed, rolesOf } from './sessions'

const anna = { subject: 'sub-anna', issuer: 'https://idp.example', email: 'anna@dpgmedia.nl', name: 'Anna' }

describe('staff sessions', () => {
  let db: Db
  let now = new Date('2026-11-22T09:00:00Z')
  const clock = () => now
  const later = (minutes: number) => {
    now = new Date(now.getTime() + minutes * 60_000)
  }

  beforeAll(async () => {
    db = openDatabase(`file:${join(mkdtempSync(join(tmpdir(), 'staff-')), 'db.sqlite')}`, '/')
    await migrate(db.db, db.dialect)
  })
  afterAll(() => db.close())

  const sessions = () =>
    createStaffSessions(db, { key: Buffer.alloc(32, 7), idleMinutes: 30, maxHours: 2 }, clock)

  it('resolves a fresh session and refuses an altered or foreign cookie', async () => {
    const cookie = await sessions().start(anna, ['customer-service'])
    expect(await sessions().resolve(cookie)).toMatchObject({
      email: 'anna@dpgmedia.nl',
      subject: 'sub-anna',
      roles: ['customer-service'],
    })
    const team = await sessions().start(anna, ['privacy-team', 'customer-service'])
    expect((await sessions().resolve(team))?.roles).toEqual(['privacy-team', 'customer-service'])
    const [id, signature] = cookie.split('.')
    expect(
      await sessions().resolve(`${id}.${signature?.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`),
    ).toBeNull()
    const otherKey = createStaffSessions(
      db,
      { key: Buffer.alloc(32, 8), idleMinutes: 30, maxHours: 2 },
      clock,
    )
    expect(await otherKey.resolve(cookie)).toBeNull()
    for (const junk of [undefined, '', 'x', 'a.b.c', '.', 'é'.repeat(300)]) {
      expect(await sessions().resolve(junk)).toBeNull()
    }
  })

  it('ends after the idle time-out, and activity keeps it alive', async () => {
    const cookie = await sessions().start(anna, ['customer-service'])
    later(25)
    expect(await sessions().resolve(cookie)).not.toBeNull()
    later(25)
    expect(await sessions().resolve(cookie)).not.toBeNull()
    later(31)
    expect(await sessions().resolve(cookie)).toBeNull()
  })

  it('ends at the absolute time-out however active the staff member is', async () => {
    const cookie = await sessions().start(anna, ['customer-service'])
    for (let step = 0; step < 5; step++) {
      later(20)
      expect(await sessions().resolve(cookie)).not.toBeNull()
    }
    later(20)
    expect(await sessions().resolve(cookie)).toBeNull()
  })

  it('ends on sign-out, and the sweep removes stale sessions', async () => {
    const cookie = await sessions().start(anna, ['customer-service'])
    await sessions().end(cookie)
    expect(await sessions().resolve(cookie)).toBeNull()
    await sessions().start(anna, ['customer-service'])
    later(3 * 60)
    expect(await sessions().sweep()).toBeGreaterThan(0)
    const left = await db.db.selectFrom('staff_sessions').select('id_hash').execute()
    expect(left).toEqual([])
  })
})

describe('who may use the staff area', () => {
  const roleless = { privacyTeamGroups: [], customerServiceGroups: [] }
  const domains = {
    allowedEmailDomains: ['dpgmedia.nl'],
    allowedGroups: [],
    groupsClaim: 'groups',
    ...roleless,
  }
  const groups = {
    allowedEmailDomains: [],
    allowedGroups: ['privacy-desk'],
    groupsClaim: 'groups',
    ...roleless,
  }
  const both = { ...domains, allowedGroups: ['privacy-desk'] }

  it.each([
    [domains, { email: 'anna@dpgmedia.nl' }, true],
    [domains, { email: 'Anna@DPGMEDIA.NL' }, true],
    [domains, { email: 'anna@dpgmedia.nl.evil.com' }, false],
    [domains, { email: 'anna@evil-dpgmedia.nl' }, false],
    [domains, { email: 'anna@dpgmedia.nl', email_verified: false }, false],
    [domains, {}, false],
    [groups, { email: 'x@example.com', groups: ['privacy-desk'] }, true],
    [groups, { email: 'x@example.com', groups: 'privacy-desk' }, true],
    [groups, { email: 'x@example.com', groups: ['newsroom'] }, false],
    [groups, { email: 'x@example.com' }, false],
    [both, { email: 'anna@dpgmedia.nl', groups: ['privacy-desk'] }, true],
    [both, { email: 'anna@dpgmedia.nl', groups: ['newsroom'] }, false],
    [both, { email: 'x@example.com', groups: ['privacy-desk'] }, false],
  ])('%j allows %j: %s', (policy, claims, expected) => {
    expect(isAllowed(claims, policy)).toBe(expected)
  })
})

describe('the roles of a staff member (issue 16)', () => {
  const policy = (privacyTeamGroups: string[], customerServiceGroups: string[]) => ({
    allowedEmailDomains: [],
    allowedGroups: [],
    groupsClaim: 'groups',
    privacyTeamGroups,
    customerServiceGroups,
  })

  it.each([
    [policy([], []), ['privacy'], ['customer-service']],
    [policy([], []), [], ['customer-service']],
    [policy(['privacy'], []), ['privacy'], ['privacy-team', 'customer-service']],
    [policy(['privacy'], []), ['newsroom'], ['customer-service']],
    [policy(['privacy'], ['service']), ['service'], ['customer-service']],
    [policy(['privacy'], ['service']), ['privacy'], ['privacy-team']],
    [policy(['privacy'], ['service']), ['privacy', 'service'], ['privacy-team', 'customer-service']],
    [policy(['privacy'], ['service']), ['newsroom'], []],
    [policy([], ['service']), 'service', ['customer-service']],
  ])('%j with groups %j: %j', (configured, groups, expected) => {
    expect(rolesOf({ email: 'x@dpgmedia.nl', groups }, configured)).toEqual(expected)
  })
})
