/**
 * `npm run db:migrate`: brings the database of DATABASE_URL to the latest schema, then exits. Runs as
 * TypeScript here and, bundled by `npm run build`, as dist/scripts/migrate.mjs in the Docker image.
 */
import { existsSync } from 'node:fs'
import { ROOT } from '#server/assets.ts'
import { loadConfig } from '#server/config.ts'
import { migrate, openDatabase } from '#server/db/database.ts'

if (existsSync(`${ROOT}/.env`)) process.loadEnvFile(`${ROOT}/.env`)
const config = loadConfig()
const db = openDatabase(config.databaseUrl, ROOT)
try {
  await migrate(db.db, db.dialect)
  console.log(`Database is up to date (${db.dialect}).`)
} finally {
  await db.close()
}
