/** `npm run db:migrate`: brings the database of DATABASE_URL to the latest schema, then exits. */
import { resolve } from 'node:path'
import { loadConfig } from '../server/config'
import { migrate, openDatabase } from '../server/db/database'

const root = resolve(import.meta.dirname, '..')
const config = loadConfig()
const db = openDatabase(config.databaseUrl, root)
try {
  await migrate(db.db, db.dialect)
  console.log(`Database is up to date (${db.dialect}).`)
} finally {
  await db.close()
}
