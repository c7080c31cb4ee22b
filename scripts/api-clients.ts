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
 * `add … --ids-only`: the client gets ids and references, never contact data.
 */
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { ROOT } from '#server/assets.ts'
import { BRANDS } from '#server/brands.ts'
import { loadConfig } from '#server/config.ts'
import { migrateDatabase, openDatabase } from '#server/db/database.ts'
import { createApiClientService } from '#server/services/api-clients.ts'
import { NotFound, UnknownBrandKeys, ValidationFailed } from '#server/services/errors.ts'
import { systemAddressPolicy } from '#server/services/webhook-urls.ts'
import { webhookAdmin, webhookKey } from '#server/services/webhooks.ts'

const USAGE = `Usage: npm run api-clients -- add --name NAME --country NL|BE [--brands KEY,KEY]
       npm run api-clients -- list
       npm run api-clients -- revoke --name NAME
       npm run api-clients -- rotate --name NAME
       npm run api-clients -- webhook --name NAME --url URL --events suppression.created,request.verified
       npm run api-clients -- webhook --name NAME --url URL --disable
       npm run api-clients -- deliveries --failed`

/** The command line is not one of USAGE's. */
class Usage extends Error {}

if (existsSync(`${ROOT}/.env`)) process.loadEnvFile(`${ROOT}/.env`)
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string' },
    country: { type: 'string' },
    brands: { type: 'string' },
    'ids-only': { type: 'boolean', default: false },
    url: { type: 'string' },
    events: { type: 'string' },
    disable: { type: 'boolean', default: false },
    failed: { type: 'boolean', default: false },
  },
})
const [command] = positionals
const config = loadConfig()
await migrateDatabase(config.databaseUrl, ROOT)
const db = openDatabase(config.databaseUrl, ROOT)
try {
  const clients = createApiClientService({ db, brands: BRANDS })
  // The key is read (or made) only by the commands that need it.
  const webhooks = () =>
    webhookAdmin(db, webhookKey(config, `${ROOT}/data/webhook-signing.key`), systemAddressPolicy)
  const name = values.name?.trim() ?? ''
  if (command === 'add') {
    const country = values.country?.toUpperCase()
    if (!name || (country !== 'NL' && country !== 'BE')) throw new Usage()
    const brands = values.brands
      ?.split(',')
      .map((key) => key.trim().toUpperCase())
      .filter(Boolean)
    const { client, secret, widened } = await clients.add({
      name,
      country,
      brands,
      contactData: !values['ids-only'],
    })
    console.log(
      `Added "${client.name}" (${client.country}${client.brands ? `: ${client.brands.join(', ')}` : ', every brand'}).`,
    )
    // An objection to a brand stores all its keys: a client given one of them sees them all.
    for (const { key, nroKeys } of widened)
      console.log(`${key} → ${nroKeys.join(', ')} (every key of that brand)`)
    console.log(`Secret (shown once; store it in the brand system's secret store):\n${secret}`)
  } else if (command === 'list') {
    for (const client of await clients.list()) {
      const scope = client.brands ? client.brands.join(', ') : 'every brand'
      const state = client.revokedAt ? `revoked ${client.revokedAt}` : 'live'
      console.log(`${client.name}\t${client.country}\t${scope}\t${state}\tsince ${client.createdAt}`)
      for (const endpoint of client.endpoints)
        console.log(
          `\twebhook\t${endpoint.url}\t${endpoint.events.join(',')}\t${endpoint.disabledAt ? `disabled ${endpoint.disabledAt}` : 'live'}`,
        )
      for (const call of client.calls.slice(0, 14))
        console.log(`\t${call.day}\t${call.endpoint}\t${call.calls} calls\t${call.items} items`)
    }
  } else if (command === 'revoke') {
    if (!name) throw new Usage()
    await clients.revoke(name)
    console.log(`Revoked "${name}": its secret no longer works.`)
  } else if (command === 'rotate') {
    if (!name) throw new Usage()
    const secret = await clients.rotate(name)
    console.log(`New secret for "${name}" (shown once); the previous one works for 24 hours more:\n${secret}`)
  } else if (command === 'webhook' && values.disable) {
    if (!name || !values.url || values.events) throw new Usage()
    const cancelled = await webhooks().disable(name, values.url)
    console.log(
      `Disabled ${values.url} for "${name}": nothing more is sent there (${cancelled} waiting deliveries cancelled).`,
    )
  } else if (command === 'webhook') {
    if (!name || !values.url || !values.events) throw new Usage()
    const events = values.events.split(',').map((event) => event.trim())
    const endpoint = await webhooks().register(name, values.url, events)
    console.log(`Registered ${values.url} for "${name}" (${events.join(', ')}).`)
    console.log(`Signing secret (Standard Webhooks; give it to the receiver):\n${endpoint.secret}`)
  } else if (command === 'deliveries' && values.failed) {
    const failed = await webhooks().failed()
    if (failed.length === 0) console.log('No failed deliveries.')
    for (const row of failed)
      console.log(
        `${row.failed_at}\t${row.client}\t${row.event_type}\t${row.url}\t${row.attempts} attempts\t${row.last_error ?? ''}\t${row.id}`,
      )
  } else {
    throw new Usage()
  }
} catch (error) {
  if (error instanceof Usage) {
    console.error(USAGE)
    process.exitCode = 2
  } else if (error instanceof UnknownBrandKeys) {
    console.error(`Refused: ${error.message}.`)
    process.exitCode = 1
  } else if (error instanceof ValidationFailed) {
    console.error(`Refused: ${error.fields.map((f) => `${f.field} (${f.rule})`).join(', ')}`)
    process.exitCode = 1
  } else if (error instanceof NotFound) {
    console.error(`${error.message}.`)
    process.exitCode = 1
  } else {
    throw error
  }
} finally {
  await db.close()
}
