/**
 * `npm run db:migrate`: brings the database of DATABASE_URL to the latest schema, names each migration it
 * applied, then exits. Runs as TypeScript here and, bundled by `npm run build`, as dist/scripts/migrate.mjs
 * in the Docker image.
 */
import { existsSync } from 'node:fs'
import { ROOT } from '#server/assets.ts'
import { loadConfig } from '#server/config.ts'
import { migrateDatabase } from '#server/db/database.ts'
import { readArgs, runCommand } from './command-line'

const USAGE = `Usage: npm run db:migrate
Brings the database of DATABASE_URL (file:PATH or postgres://…) to the latest schema and names each
migration it applied. The server does the same at every start.`

if (existsSync(`${ROOT}/.env`)) process.loadEnvFile(`${ROOT}/.env`)
await runCommand(USAGE, process.argv.slice(2), async (where) => {
  readArgs(process.argv.slice(2), {}, false)
  const config = loadConfig()
  where.databaseUrl = config.databaseUrl
  const dialect = await migrateDatabase(config.databaseUrl, ROOT, {
    onApplied: (name) => console.log(`Applied ${name}`),
  })
  console.log(`Database is up to date (${dialect}).`)
})
