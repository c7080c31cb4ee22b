import { copyFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '#server/db/database.ts'
import { ROOT } from '../support/app'
import { startServer, stopProcesses } from '../support/server-process'

afterEach(stopProcesses)

describe('an upgrade names what it changed (issue 26)', () => {
  it('the start-up log names each migration applied to a database of the first release, in order, once', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'upgrade-log-')), 'privacy.sqlite')
    copyFileSync(join(ROOT, 'test/fixtures/first-release/privacy.sqlite'), file)
    const server = await startServer({ DATABASE_URL: `file:${file}` })
    const applied = server
      .records()
      .filter((line) => line.msg === 'migration applied')
      .map((line) => line.migration)
    const db = openDatabase(`file:${file}`, ROOT)
    try {
      const all = (
        await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db.db)
      ).rows.map((row) => row.name)
      // The first release had run 001 and 002; this start ran every later one.
      expect(applied).toEqual(all.filter((name) => name !== '001-initial' && name !== '002-campaigns'))
      expect(applied).toContain('018-usable-old-rows')
    } finally {
      await db.close()
    }
    // A second start applies nothing, and says nothing of it.
    await stopProcesses()
    const again = await startServer({ DATABASE_URL: `file:${file}` })
    expect(again.records().filter((line) => line.msg === 'migration applied')).toEqual([])
  }, 60_000)
})
