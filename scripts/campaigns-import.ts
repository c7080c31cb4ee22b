/**
 * `npm run campaigns:import -- FILE [--country NL|BE] [--sample]`: loads campaign items from a JSON or CSV
 * file into the database of DATABASE_URL, upserting by id; a changed notice keeps its previous version.
 * `… [FILE] --withdraw ID… --reason TEXT`: withdraws notices (after loading FILE, if given); they stay public,
 * marked withdrawn. `… --reinstate ID… --reason TEXT` takes withdrawals back: the notices are live again and
 * their page keeps the withdrawal and its reinstatement (an import never reinstates). Several ids follow one
 * flag (`--withdraw A B`), or the flag is repeated; arguments that could be read two ways are refused with the
 * reason and exit code 2 (scripts/campaigns-import-args.ts). One bad row and nothing is loaded: the report
 * lists every rejected row with its reasons, and the command exits with 1, as it does when an id is unknown.
 * Runs as TypeScript here and, bundled by `npm run build`, as dist/scripts/campaigns-import.mjs in the
 * Docker image.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { ROOT } from '#server/assets.ts'
import { loadConfig } from '#server/config.ts'
import { type Db, migrateDatabase, openDatabase } from '#server/db/database.ts'
import {
  CampaignFileError,
  importCampaignFile,
  reinstateNotices,
  withdrawNotices,
} from '#server/services/campaign-import.ts'
import { type ImportArgs, parseImportArgs, USAGE } from './campaigns-import-args'
import { runCommand, UsageError } from './command-line'

if (existsSync(`${ROOT}/.env`)) process.loadEnvFile(`${ROOT}/.env`)
// npm runs scripts in the project folder; FILE is relative to where the command was typed.
const cwd = process.env.INIT_CWD ?? process.cwd()
const argv = process.argv.slice(2)
await runCommand(USAGE, argv, async (where) => {
  const args = parseImportArgs(argv, (path) => existsSync(resolve(cwd, path)))
  if ('error' in args) throw new UsageError(`Nothing done: ${args.error}.`)
  const { databaseUrl } = loadConfig()
  where.databaseUrl = databaseUrl
  await migrateDatabase(databaseUrl, ROOT)
  const db = openDatabase(databaseUrl, ROOT)
  try {
    await importAndChange(db, args)
  } finally {
    await db.close()
  }
})

async function importAndChange(db: Db, args: ImportArgs) {
  const { file, withdraw, reinstate } = args
  const reason = args.reason.slice(0, 500)
  if (file) await load(db, file, args)
  if (withdraw.length > 0 && !process.exitCode) {
    const { withdrawn, unknown } = await withdrawNotices(db, withdraw, reason)
    if (withdrawn.length > 0) console.log(`Withdrew ${withdrawn.join(', ')}: still public, marked withdrawn.`)
    if (unknown.length > 0) {
      console.error(`Not withdrawn (unknown, or withdrawn already): ${unknown.join(', ')}`)
      process.exitCode = 1
    }
  }
  if (reinstate.length > 0 && !process.exitCode) {
    const { reinstated, unknown } = await reinstateNotices(db, reinstate, reason)
    if (reinstated.length > 0)
      console.log(`Reinstated ${reinstated.join(', ')}: live again; the withdrawal stays in their history.`)
    if (unknown.length > 0) {
      console.error(`Not reinstated (unknown, or not withdrawn): ${unknown.join(', ')}`)
      process.exitCode = 1
    }
  }
}

async function load(db: Db, file: string, { country, sample }: ImportArgs) {
  const report = await importCampaignFile(db, resolve(cwd, file), {
    ...(country ? { country } : {}),
    sample,
  }).catch((error: unknown) => {
    if (!(error instanceof CampaignFileError)) throw error
    console.error(`Nothing loaded: ${error.message}`)
    return null
  })
  if (!report) process.exitCode = 1
  else if (report.rejected.length > 0) {
    console.error(`Nothing loaded: ${report.rejected.length} of ${report.rows} rows rejected.`)
    for (const rejected of report.rejected) {
      console.error(
        `  row ${rejected.row}${rejected.id ? ` (${rejected.id})` : ''}: ${rejected.reasons.join('; ')}`,
      )
    }
    process.exitCode = 1
  } else {
    // Issue 27: what the import did, every kind of it, so nothing comes back otherwise than the file says.
    const removed = report.removed
      ? `; ${report.removed} removed after their retention period (tombstones)`
      : ''
    console.log(
      `Loaded ${report.loaded} campaign items: ${report.added} new, ${report.changed} changed (a new version each), ${report.kept} kept as they were; ${report.withdrawn} withdrawn as the file says${removed}.`,
    )
  }
}
