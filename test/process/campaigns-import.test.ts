import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { migrate, openDatabase } from '#server/db/database.ts'
import { ROOT } from '../support/app'
import { campaignItem } from '../support/campaigns'

const run = promisify(execFile)

/**
 * `npm run campaigns:import` as the image runs it (`node dist/scripts/campaigns-import.mjs`), in a folder of
 * its own with a database of its own; FILE is read relative to that folder, as npm's INIT_CWD makes it.
 */
function operator() {
  const folder = mkdtempSync(join(tmpdir(), 'campaigns-import-'))
  const url = `file:${join(folder, 'notices.sqlite')}`
  const command = (...args: string[]) =>
    run(process.execPath, [join(ROOT, 'dist/scripts/campaigns-import.mjs'), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url, INIT_CWD: folder, NODE_ENV: 'production' },
    })
  const file = (name: string, rows: unknown[]) => {
    writeFileSync(join(folder, name), JSON.stringify(rows))
    return name
  }
  /** Each notice's id and whether it is withdrawn, read as the site reads the database. */
  const state = async () => {
    const db = openDatabase(url, ROOT)
    try {
      await migrate(db.db, db.dialect)
      const rows = await db.db
        .selectFrom('campaign_items')
        .select(['id', 'withdrawn_at'])
        .orderBy('id')
        .execute()
      return Object.fromEntries(rows.map((row) => [row.id, row.withdrawn_at === null ? 'live' : 'withdrawn']))
    } finally {
      await db.close()
    }
  }
  return { command, file, state }
}

const NOTICES = ['imp-a', 'imp-b', 'imp-c'].map((id) => campaignItem(id))

describe('npm run campaigns:import, bundled as in the image (issue 18)', () => {
  it('withdraws and reinstates several notices: after one flag, with the flag repeated, after a FILE', async () => {
    const { command, file, state } = operator()
    const notices = file('notices.json', NOTICES)
    expect((await command(notices, '--country', 'NL')).stdout).toBe(
      'Loaded 3 campaign items: 3 new, 0 changed (a new version each), 0 kept as they were; 0 withdrawn as the file says.\n',
    )
    const withdrawn = await command('--withdraw', 'imp-a', 'imp-b', '--reason', 'De sponsor stopte')
    expect(withdrawn.stdout).toContain('Withdrew imp-a, imp-b: still public, marked withdrawn.')
    expect(await state()).toEqual({ 'imp-a': 'withdrawn', 'imp-b': 'withdrawn', 'imp-c': 'live' })
    const back = await command('--reinstate', 'imp-a', '--reinstate', 'imp-b', '--reason', 'Ten onrechte')
    expect(back.stdout).toContain('Reinstated imp-a, imp-b')
    expect(await state()).toEqual({ 'imp-a': 'live', 'imp-b': 'live', 'imp-c': 'live' })
    const both = await command(
      notices,
      '--country',
      'NL',
      '--withdraw',
      'imp-c',
      'imp-a',
      '--reason',
      'Gestopt',
    )
    expect(both.stdout).toBe(
      'Loaded 3 campaign items: 0 new, 0 changed (a new version each), 3 kept as they were; 0 withdrawn as the file says.\nWithdrew imp-c, imp-a: still public, marked withdrawn.\n',
    )
    expect(await state()).toEqual({ 'imp-a': 'withdrawn', 'imp-b': 'live', 'imp-c': 'withdrawn' })
    // An unknown id: the others are withdrawn, the unknown one named, and the command fails.
    await expect(command('--withdraw', 'imp-b', 'imp-nope', '--reason', 'Gestopt')).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringContaining('Withdrew imp-b'),
      stderr: expect.stringContaining('Not withdrawn (unknown, or withdrawn already): imp-nope'),
    })
  }, 60_000)

  it('refuses arguments it could read two ways, doing nothing (exit code 2)', async () => {
    const { command, file, state } = operator()
    await command(file('notices.json', NOTICES), '--country', 'NL')
    file('imp-b', [])
    for (const [args, message] of [
      [
        ['--withdraw', 'imp-a', 'notices.json', '--reason', 'x'],
        '"notices.json" after --withdraw is not a notice id',
      ],
      [
        ['--withdraw', 'imp-a', 'imp-b', '--reason', 'x'],
        '"imp-b" after --withdraw may be a notice id or a FILE',
      ],
      [['--withdraw', 'imp-a', '--reason', 'De', 'sponsor'], '"sponsor" after --reason: quote a reason'],
      [['--withdraw', 'imp-a', 'imp-c'], '--withdraw needs --reason TEXT'],
    ] as const)
      await expect(command(...args)).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining(`Nothing done: ${message}`),
      })
    expect(await state()).toEqual({ 'imp-a': 'live', 'imp-b': 'live', 'imp-c': 'live' })
  }, 60_000)

  it('loads nothing from a file with a bad row, says why, withdraws nothing and fails (exit code 1)', async () => {
    const { command, file, state } = operator()
    await command(file('notices.json', NOTICES), '--country', 'NL')
    const bad = file('bad.json', [campaignItem('imp-d'), campaignItem('imp-e', { sponsorEmail: undefined })])
    const failure = command(bad, '--country', 'NL', '--withdraw', 'imp-a', '--reason', 'Gestopt')
    await expect(failure).rejects.toMatchObject({
      code: 1,
      stdout: '',
      stderr: expect.stringMatching(
        /^Nothing loaded: 1 of 2 rows rejected\.\n {2}row 2 \(imp-e\): sponsorEmail: must have required property 'sponsorEmail'\n$/,
      ),
    })
    expect(await state()).toEqual({ 'imp-a': 'live', 'imp-b': 'live', 'imp-c': 'live' })
    await expect(command('missing.json', '--country', 'NL')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^Nothing loaded: .*missing\.json: no such file\n$/),
    })
  }, 60_000)
})
