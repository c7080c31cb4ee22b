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
import { createUnsubscribeService } from '#server/services/unsubscribe.ts'
import { systemAddressPolicyWith } from '#server/services/webhook-urls.ts'
import { webhookAdmin, webhookKey } from '#server/services/webhooks.ts'
import { readArgs, runCommand, UsageError } from './command-line'

const USAGE = `Usage: npm run api-clients -- add --name NAME --country NL|BE [--brands KEY,KEY] [--ids-only]
                                  [--tasks on|off] [--contact ADDRESS]
       npm run api-clients -- list
       npm run api-clients -- revoke --name NAME
       npm run api-clients -- rotate --name NAME
       npm run api-clients -- webhook --name NAME --url URL --events suppression.created,request.verified
       npm run api-clients -- webhook --name NAME --url URL --disable
       npm run api-clients -- deliveries --failed
       npm run api-clients -- tasks --name NAME [--tasks on|off] [--contact ADDRESS]
       npm run api-clients -- unsubscribe-key --name NAME`

const OPTIONS = {
  name: { type: 'string' },
  country: { type: 'string' },
  brands: { type: 'string' },
  'ids-only': { type: 'boolean' },
  url: { type: 'string' },
  events: { type: 'string' },
  disable: { type: 'boolean' },
  failed: { type: 'boolean' },
  tasks: { type: 'string' },
  contact: { type: 'string' },
} as const
type Option = keyof typeof OPTIONS

/** Each command, the options it takes, and those it cannot do without. */
const COMMANDS: Record<string, { takes: Option[]; needs: Option[] }> = {
  add: { takes: ['name', 'country', 'brands', 'ids-only', 'tasks', 'contact'], needs: ['name', 'country'] },
  list: { takes: [], needs: [] },
  revoke: { takes: ['name'], needs: ['name'] },
  rotate: { takes: ['name'], needs: ['name'] },
  webhook: { takes: ['name', 'url', 'events', 'disable'], needs: ['name', 'url'] },
  deliveries: { takes: ['failed'], needs: ['failed'] },
  tasks: { takes: ['name', 'tasks', 'contact'], needs: ['name'] },
  'unsubscribe-key': { takes: ['name'], needs: ['name'] },
}

/** The command and its options as given, or a UsageError naming the first thing wrong with them. */
function commandLine(argv: readonly string[]) {
  const { values, positionals } = readArgs(argv, OPTIONS)
  const [command, extra] = positionals
  if (command === undefined) throw new UsageError('No command given')
  const rules = COMMANDS[command]
  if (!rules) throw new UsageError(`Unknown command "${command}"`)
  if (extra !== undefined) throw new UsageError(`Unexpected argument "${extra}" after ${command}`)
  const given = (Object.keys(values) as Option[]).filter((option) => values[option] !== undefined)
  const stray = given.find((option) => !rules.takes.includes(option))
  if (stray) throw new UsageError(`--${stray} does not go with ${command}`)
  const missing = rules.needs.find((option) => !given.includes(option))
  if (missing) throw new UsageError(`${command} needs --${missing}`)
  const name = values.name?.trim() ?? ''
  if (values.name !== undefined && !name) throw new UsageError('--name must not be empty')
  const country = values.country?.trim().toUpperCase()
  if (values.country !== undefined && country !== 'NL' && country !== 'BE')
    throw new UsageError(`--country must be NL or BE, not "${values.country}"`)
  if (values.tasks !== undefined && values.tasks !== 'on' && values.tasks !== 'off')
    throw new UsageError(`--tasks must be on or off, not "${values.tasks}"`)
  if (command === 'tasks' && values.tasks === undefined && values.contact === undefined)
    throw new UsageError('tasks needs --tasks on|off or --contact')
  if (command === 'webhook' && !values.disable && !values.events)
    throw new UsageError('webhook needs --events (or --disable)')
  if (command === 'webhook' && values.disable && values.events)
    throw new UsageError('webhook takes --events or --disable, not both')
  return { command, values, name, country: country as 'NL' | 'BE' | undefined }
}

if (existsSync(`${ROOT}/.env`)) process.loadEnvFile(`${ROOT}/.env`)
const argv = process.argv.slice(2)
await runCommand(USAGE, argv, async (where) => {
  const { command, values, name, country } = commandLine(argv)
  const config = loadConfig()
  where.databaseUrl = config.databaseUrl
  await migrateDatabase(config.databaseUrl, ROOT)
  const db = openDatabase(config.databaseUrl, ROOT)
  try {
    const clients = createApiClientService({ db, brands: BRANDS })
    // The key is read (or made) only by the commands that need it.
    const webhooks = () =>
      webhookAdmin(
        db,
        webhookKey(config, `${ROOT}/data/webhook-signing.key`),
        systemAddressPolicyWith(config.webhookPrivateNetworks),
      )
    if (command === 'add' && country) {
      const brands = values.brands
        ?.split(',')
        .map((key) => key.trim().toUpperCase())
        .filter(Boolean)
      const { client, secret, widened } = await clients.add({
        name,
        country,
        brands,
        contactData: !values['ids-only'],
        tasks: values.tasks === 'on',
        contactEmail: values.contact?.trim(),
      })
      console.log(
        `Added "${client.name}" (${client.country}${client.brands ? `: ${client.brands.join(', ')}` : ', every brand'}${client.tasks ? '; takes tasks' : ''}).`,
      )
      // An objection to a brand stores all its keys: a client given one of them sees them all.
      for (const { key, nroKeys } of widened)
        console.log(`${key} → ${nroKeys.join(', ')} (every key of that brand)`)
      console.log(`Secret (shown once; store it in the brand system's secret store):\n${secret}`)
    } else if (command === 'list') {
      for (const client of await clients.list()) {
        const scope = client.brands ? client.brands.join(', ') : 'every brand'
        const state = client.revokedAt ? `revoked ${client.revokedAt}` : 'live'
        const tasks = client.tasks
          ? `tasks${client.contactEmail ? ` (${client.contactEmail})` : ''}`
          : 'no tasks'
        console.log(
          `${client.name}\t${client.country}\t${scope}\t${state}\t${tasks}\tsince ${client.createdAt}`,
        )
        for (const endpoint of client.endpoints)
          console.log(
            `\twebhook\t${endpoint.url}\t${endpoint.events.join(',')}\t${endpoint.disabledAt ? `disabled ${endpoint.disabledAt}` : 'live'}`,
          )
        for (const call of client.calls.slice(0, 14))
          console.log(`\t${call.day}\t${call.endpoint}\t${call.calls} calls\t${call.items} items`)
      }
    } else if (command === 'revoke') {
      await clients.revoke(name)
      console.log(`Revoked "${name}": its secret no longer works.`)
    } else if (command === 'rotate') {
      const secret = await clients.rotate(name)
      console.log(
        `New secret for "${name}" (shown once); the previous one works for 24 hours more:\n${secret}`,
      )
    } else if (command === 'webhook' && values.url && values.disable) {
      const cancelled = await webhooks().disable(name, values.url)
      console.log(
        `Disabled ${values.url} for "${name}": nothing more is sent there (${cancelled} waiting deliveries cancelled).`,
      )
    } else if (command === 'webhook' && values.url && values.events) {
      const events = values.events.split(',').map((event) => event.trim())
      const endpoint = await webhooks().register(name, values.url, events)
      console.log(`Registered ${values.url} for "${name}" (${events.join(', ')}).`)
      console.log(`Signing secret (Standard Webhooks; give it to the receiver):\n${endpoint.secret}`)
    } else if (command === 'tasks') {
      const tasks = values.tasks === undefined ? undefined : values.tasks === 'on'
      await clients.setTasks(name, { tasks, contactEmail: values.contact?.trim() })
      const state = tasks === undefined ? '' : tasks ? 'takes tasks now' : 'takes no more tasks'
      const contact = values.contact ? `late tasks are mailed to ${values.contact.trim()}` : ''
      console.log(`"${name}": ${[state, contact].filter(Boolean).join('; ')}.`)
    } else if (command === 'unsubscribe-key') {
      const unsubscribe = createUnsubscribeService({
        db,
        brands: BRANDS,
        signingKey: webhookKey(config, `${ROOT}/data/webhook-signing.key`),
        privacyMailbox: config.privacyMailbox,
      })
      const pair = await unsubscribe.newKey(name)
      console.log(`keyId=${pair.keyId}`)
      console.log(`key=${pair.key}`)
    } else if (command === 'deliveries') {
      const failed = await webhooks().failed()
      if (failed.length === 0) console.log('No failed deliveries.')
      for (const row of failed)
        console.log(
          `${row.failed_at}\t${row.client}\t${row.event_type}\t${row.url}\t${row.attempts} attempts\t${row.last_error ?? ''}\t${row.id}`,
        )
    }
  } catch (error) {
    if (error instanceof UnknownBrandKeys) {
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
})
