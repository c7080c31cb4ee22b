import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../support/app'

const run = promisify(execFile)

/** The bundled command as the image runs it (`npm run api-clients` there is `node dist/scripts/api-clients.mjs`). */
const apiClients = (databaseUrl: string, ...args: string[]) =>
  run(process.execPath, ['dist/scripts/api-clients.mjs', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'production' },
  })

describe('operator commands, bundled as in the image', () => {
  it('api-clients adds a client (its secret shown once), lists it and revokes it', async () => {
    const url = `file:${join(mkdtempSync(join(tmpdir(), 'operator-')), 'commands.sqlite')}`
    const added = await apiClients(url, 'add', '--name', 'HLN CRM', '--country', 'BE', '--brands', 'HLN,HUMO')
    expect(added.stdout).toMatch(/^pss_[\w-]{43}$/m)
    const listed = await apiClients(url, 'list')
    expect(listed.stdout).toContain('HLN CRM\tBE\tHLN, HUMO\tlive')
    expect(listed.stdout).not.toContain('pss_')
    await apiClients(url, 'revoke', '--name', 'HLN CRM')
    expect((await apiClients(url, 'list')).stdout).toContain('revoked')
    await expect(apiClients(url, 'add', '--name', 'X')).rejects.toMatchObject({ code: 2 })
  }, 30_000)
})
