import { ROOT } from '#server/assets.ts'
import { BRANDS } from '#server/brands.ts'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/database.ts'
import type { ApiClientService } from '#server/services/api-clients.ts'
import { createUnsubscribeService } from '#server/services/unsubscribe.ts'
import type { webhookAdmin } from '#server/services/webhooks.ts'
import { webhookKey } from '#server/services/webhooks.ts'
import type { CommandLine } from './api-clients-args'

/** What each command of `npm run api-clients` works with: its arguments and the open database. */
export interface CommandContext extends CommandLine {
  db: Db
  config: Config
  clients: ApiClientService
  /** The key is read (or made) only by the commands that need it. */
  webhooks: () => ReturnType<typeof webhookAdmin>
}

/** Each command's work and what it prints. */
export const RUNS: Record<string, (context: CommandContext) => Promise<void>> = {
  add,
  list,
  async revoke({ clients, name }) {
    await clients.revoke(name)
    console.log(`Revoked "${name}": its secret no longer works.`)
  },
  async rotate({ clients, name }) {
    const secret = await clients.rotate(name)
    console.log(`New secret for "${name}" (shown once); the previous one works for 24 hours more:\n${secret}`)
  },
  webhook,
  async tasks({ clients, name, values }) {
    const tasks = values.tasks === undefined ? undefined : values.tasks === 'on'
    await clients.setTasks(name, { tasks, contactEmail: values.contact?.trim() })
    const state = tasks === undefined ? '' : tasks ? 'takes tasks now' : 'takes no more tasks'
    const contact = values.contact ? `late tasks are mailed to ${values.contact.trim()}` : ''
    console.log(`"${name}": ${[state, contact].filter(Boolean).join('; ')}.`)
  },
  async 'unsubscribe-key'({ db, config, name }) {
    const unsubscribe = createUnsubscribeService({
      db,
      brands: BRANDS,
      signingKey: webhookKey(config, `${ROOT}/data/webhook-signing.key`),
      privacyMailbox: config.privacyMailbox,
    })
    const pair = await unsubscribe.newKey(name)
    console.log(`keyId=${pair.keyId}`)
    console.log(`key=${pair.key}`)
  },
  async deliveries({ webhooks }) {
    const failed = await webhooks().failed()
    if (failed.length === 0) console.log('No failed deliveries.')
    for (const row of failed)
      console.log(
        `${row.failed_at}\t${row.client}\t${row.event_type}\t${row.url}\t${row.attempts} attempts\t${row.last_error ?? ''}\t${row.id}`,
      )
  },
}

async function add({ clients, name, country, values }: CommandContext): Promise<void> {
  if (!country) return
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
}

async function list({ clients }: CommandContext): Promise<void> {
  for (const client of await clients.list()) {
    const scope = client.brands ? client.brands.join(', ') : 'every brand'
    const state = client.revokedAt ? `revoked ${client.revokedAt}` : 'live'
    const tasks = client.tasks ? `tasks${client.contactEmail ? ` (${client.contactEmail})` : ''}` : 'no tasks'
    console.log(`${client.name}\t${client.country}\t${scope}\t${state}\t${tasks}\tsince ${client.createdAt}`)
    for (const endpoint of client.endpoints)
      console.log(
        `\twebhook\t${endpoint.url}\t${endpoint.events.join(',')}\t${endpoint.disabledAt ? `disabled ${endpoint.disabledAt}` : 'live'}`,
      )
    for (const call of client.calls.slice(0, 14))
      console.log(`\t${call.day}\t${call.endpoint}\t${call.calls} calls\t${call.items} items`)
  }
}

async function webhook({ webhooks, name, values }: CommandContext): Promise<void> {
  if (values.url && values.disable) {
    const cancelled = await webhooks().disable(name, values.url)
    console.log(
      `Disabled ${values.url} for "${name}": nothing more is sent there (${cancelled} waiting deliveries cancelled).`,
    )
  } else if (values.url && values.events) {
    const events = values.events.split(',').map((event) => event.trim())
    const endpoint = await webhooks().register(name, values.url, events)
    console.log(`Registered ${values.url} for "${name}" (${events.join(', ')}).`)
    console.log(`Signing secret (Standard Webhooks; give it to the receiver):\n${endpoint.secret}`)
  }
}
