/**
 * `npm run db:migrate`: brings the database of DATABASE_URL to the latest schema, then exits. Runs as
 * TypeScript here and, bundled by `npm run build`, as dist/scripts/migrate.mjs in the Docker image.
 */
import { existsSync } from 'node:fs'
import { ROOT } from '#server/assets.ts'
import { loadConfig } from '#server/config.ts'
import { migrateDatabase } from '#server/db/database.ts'

if (existsSync(`${ROOT}/.env`)) process.loadEnvFile(`${ROOT}/.env`)
const config = loadConfig()
const dialect = await migrateDatabase(config.databaseUrl, ROOT)
console.log(`Database is up to date (${dialect}).`)
