/**
 * `npm run api-clients -- COMMAND`: the brand systems that read the suppressions (issue 17), on the database
 * of DATABASE_URL. Runs as TypeScript here and, bundled by `npm run build`, as dist/scripts/api-clients.mjs
 * in the Docker image.
 *
 *   add --name "HLN CRM" --country BE [--brands HLN,HUMO]   prints the secret, once; a key of a brand with
 *                                                           several keys brings them all (HLN_DIGITAL too)
 *   list                                                    clients, their scope, webhooks and calls per day
 *   revoke --name "HLN CRM"                                 the secret stops working at once
 *   rotate --name "HLN CRM"                                 prints a new secret; the old one works 24 h more
 *   webhook --name "HLN CRM" --url https://… --events suppression.created,request.verified
 *                                                           registers an endpoint; prints its signing secret
 *   webhook --name "HLN CRM" --url https://… --disable      no more deliveries there, waiting ones cancelled
 *   deliveries --failed                                     webhook deliveries given up on after 3 days
 *   tasks --name "HLN CRM" --tasks on|off [--contact ops@…]  access, erasure and rectification tasks (issue 25)
 *   unsubscribe-key --name "HLN CRM"                        prints keyId=… and key=… for one-click unsubscribe
 *                                                           links (issue 28); the earlier pair works 30 days more
 * `add … --ids-only`: the client gets ids and references, never contact data. `add … --tasks on --contact
 * ops@…`: it takes tasks from the start, and its contact hears of tasks it leaves unanswered for 10 days.
 */
import { existsSync } from 'node:fs'
import { ROOT } from '#server/assets.ts'
import { BRANDS } from '#server/brands.ts'
import { loadConfig } from '#server/config.ts'
import { migrateDatabase, openDatabase } from '#server/db/database.ts'
import { createApiClientService } from '#server/services/api-clients.ts'
import { NotFound, UnknownBrandKeys, ValidationFailed } from '#server/services/errors.ts'
import { systemAddressPolicyWith } from '#server/services/webhook-urls.ts'
import { webhookAdmin, webhookKey } from '#server/services/webhooks.ts'
import { commandLine, USAGE } from './api-clients-args'
import { RUNS } from './api-clients-commands'
import { runCommand } from './command-line'

if (existsSync(`${ROOT}/.env`)) process.loadEnvFile(`${ROOT}/.env`)
const argv = process.argv.slice(2)
await runCommand(USAGE, argv, async (where) => {
  const line = commandLine(argv)
  const config = loadConfig()
  where.databaseUrl = config.databaseUrl
  await migrateDatabase(config.databaseUrl, ROOT)
  const db = openDatabase(config.databaseUrl, ROOT)
  try {
    const clients = createApiClientService({ db, brands: BRANDS })
    const webhooks = () =>
      webhookAdmin(
        db,
        webhookKey(config, `${ROOT}/data/webhook-signing.key`),
        systemAddressPolicyWith(config.webhookPrivateNetworks),
      )
    await RUNS[line.command]?.({ ...line, db, config, clients, webhooks })
  } catch (error) {
    if (!refused(error)) throw error
    process.exitCode = 1
  } finally {
    await db.close()
  }
})

/** Says why the service refused, for the refusals an operator can correct; false for any other error. */
function refused(error: unknown): boolean {
  if (error instanceof UnknownBrandKeys) console.error(`Refused: ${error.message}.`)
  else if (error instanceof ValidationFailed)
    console.error(`Refused: ${error.fields.map((f) => `${f.field} (${f.rule})`).join(', ')}`)
  else if (error instanceof NotFound) console.error(`${error.message}.`)
  else return false
  return true
}
