import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { openDatabase } from '#server/db/database.ts'
import { BrandSystem } from './brands'
import { type Cluster, startCluster } from './cluster'
import { closeAgents, send } from './http'
import { parseOptions, USAGE, UsageError } from './options'
import { MailSink, type SeenDelivery, WebhookEndpoint } from './parties'
import {
  type Check,
  emptyLedger,
  type Ledger,
  readRows,
  reconcile,
  resentDeliveries,
  resentMessages,
} from './reconcile'
import { report } from './report'
import { type FaultWindow, Stats } from './stats'
import { FULL_RATES, Traffic } from './traffic'

/** `npm run loadtest`: the whole loop at load, faults injected, everything reconciled (options.ts). */

const ROOT = resolve(import.meta.dirname, '../..')
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

async function main(argv: string[]): Promise<number> {
  let options: ReturnType<typeof parseOptions>
  try {
    options = parseOptions(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    console.error(`loadtest: ${error.message}\n\n${USAGE}`)
    return 2
  }
  if (options === 'help') {
    console.log(USAGE)
    return 0
  }
  if (!existsSync(join(ROOT, 'dist/node/index.mjs'))) {
    console.error('loadtest: no production build in dist/: run "npm run build" first')
    return 2
  }
  const dir = mkdtempSync(join(tmpdir(), 'privacy-loadtest-'))
  const sink = new MailSink()
  const endpoint = new WebhookEndpoint(dir)
  let cluster: Cluster | null = null
  const load = loadavg()
  try {
    await sink.start()
    await endpoint.start()
    cluster = await startCluster({ root: ROOT, dir, smtpUrl: sink.url, certificate: endpoint.certificate })
    const result = await drive(cluster, options.seconds, options.scale, sink, endpoint)
    const text = report(result, options, load, loadavg())
    console.log(text.table)
    if (options.json) writeFileSync(options.json, JSON.stringify(text.json, null, 2))
    return text.failed ? 1 : 0
  } finally {
    closeAgents()
    await cluster?.stop().catch((error: unknown) => console.error(`loadtest: cleaning up: ${String(error)}`))
    await endpoint.stop()
    await sink.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

export interface RunResult {
  stats: Stats
  checks: Check[]
  faults: FaultWindow[]
  seconds: number
  drained: boolean
  webhooksRefused: number
  /** Mails sent again with the same Message-ID (reported; mail clients show them once). */
  resent: number
  /** Webhooks sent again with the same webhook-id after an instance was killed (reconcile.ts, resentDeliveries). */
  webhooksResent: number
  /** The others received twice, each with its arrivals, to say where to look. */
  webhooksDoubled: string[]
}

async function drive(
  cluster: Cluster,
  seconds: number,
  scale: number,
  sink: MailSink,
  endpoint: WebhookEndpoint,
): Promise<RunResult> {
  const ledger: Ledger = emptyLedger()
  const faults: FaultWindow[] = []
  const started = performance.now()
  const stats = new Stats(started, () => faults)
  endpoint.origin = started
  const rates = {
    pages: FULL_RATES.pages * scale,
    requests: FULL_RATES.requests * scale,
    messages: FULL_RATES.messages * scale,
    desk: FULL_RATES.desk,
  }
  const traffic = new Traffic(cluster.port, rates, stats, ledger)
  const brands = [
    new BrandSystem('NL CRM', 'NL', 'privacy.dpgmedia.nl', traffic, ledger),
    new BrandSystem('BE CRM', 'BE', 'privacy.dpgmedia.be', traffic, ledger),
  ]
  const operatorEnv = { ...cluster.env, DATABASE_URL: cluster.databaseUrl }
  for (const brand of brands) {
    const slug = brand.country.toLowerCase()
    endpoint.setSecret(slug, await brand.register(ROOT, operatorEnv, endpoint.url(slug)))
  }
  traffic.deskCookie = await signInToDesk(cluster.port)
  sink.onVerification = (to, token) => traffic.verify(to, token)

  const at = (share: number) => started + share * seconds * 1000
  const since = () => performance.now() - started
  const brandLoop = (async () => {
    while (performance.now() < at(1)) {
      await Promise.all(brands.map((brand) => brand.round()))
      await sleep(5000)
    }
  })()
  traffic.start()
  const progress = setInterval(() => {
    const minute = Math.round(since() / 60_000)
    console.log(`loadtest: minute ${minute} done, ${stats.broken.length} answers outside the rules so far`)
  }, 60_000)

  // The faults, at the same share of any run's length.
  await sleepUntil(at(0.3))
  const killed: FaultWindow = { name: 'instance-killed', from: since(), to: Number.POSITIVE_INFINITY }
  faults.push(killed)
  const victim = cluster.instances[0]
  await victim?.kill()
  await victim?.start()
  killed.to = since()

  await sleepUntil(at(0.6))
  const postgresDown: FaultWindow = { name: 'postgres-down', from: since(), to: Number.POSITIVE_INFINITY }
  faults.push(postgresDown)
  await cluster.postgres.refuse()
  await sleep(15_000)
  await cluster.postgres.forward()
  postgresDown.to = since()

  await sleepUntil(at(0.8))
  const redisDown: FaultWindow = { name: 'redis-down', from: since(), to: Number.POSITIVE_INFINITY }
  faults.push(redisDown)
  await cluster.redis.refuse()
  await sleep(seconds * 100)
  await cluster.redis.forward()
  redisDown.to = since()

  await sleepUntil(at(1))
  traffic.stop()
  clearInterval(progress)
  await brandLoop
  const drained = await drain(cluster, traffic, brands, sink)
  const db = openDatabase(cluster.databaseUrl, ROOT)
  try {
    const rows = await readRows(db.db)
    const clients = await db.db.selectFrom('api_clients').select(['id', 'name', 'country']).execute()
    const endpoints = await db.db.selectFrom('webhook_endpoints').select(['id', 'client_id']).execute()
    const observed = {
      mails: sink.mails,
      deliveries: endpoint.deliveries,
      faults,
      clients: clients.map((client) => ({
        name: client.name,
        clientId: client.id,
        country: client.country,
        endpoint: client.country.toLowerCase(),
        endpointId: endpoints.find((one) => one.client_id === client.id)?.id ?? '',
      })),
    }
    return {
      stats,
      checks: reconcile(ledger, observed, rows),
      faults,
      seconds,
      drained,
      webhooksRefused: endpoint.refused.length,
      resent: resentMessages(sink.mails),
      ...webhookResends(endpoint.deliveries, faults),
    }
  } finally {
    await db.close()
  }
}

/** What the endpoint received more than once: the resends a kill explains, and the others with their arrivals. */
function webhookResends(deliveries: readonly SeenDelivery[], faults: readonly FaultWindow[]) {
  const { resent, unexplained } = resentDeliveries(deliveries, faults)
  const seconds = (id: string) =>
    deliveries
      .filter((delivery) => delivery.id === id)
      .map((delivery) => `${(delivery.at / 1000).toFixed(1)} s`)
  const doubled = unexplained.map((id) => {
    const first = deliveries.find((delivery) => delivery.id === id)
    return `${id} (${first?.type} to ${first?.endpoint}) arrived at ${seconds(id).join(', ')}`
  })
  return { webhooksResent: resent, webhooksDoubled: doubled }
}

async function sleepUntil(moment: number): Promise<void> {
  const wait = moment - performance.now()
  if (wait > 0) await sleep(wait)
}

/**
 * After the load: answers still on their way, mails and webhooks still in their queues, verification clicks
 * of the last mails, and the brand systems' last rounds. True when all of it finished within 3 minutes.
 */
async function drain(
  cluster: Cluster,
  traffic: Traffic,
  brands: BrandSystem[],
  sink: MailSink,
): Promise<boolean> {
  const db = openDatabase(cluster.databaseUrl, ROOT)
  const deadline = performance.now() + 180_000
  try {
    let quietRounds = 0
    while (performance.now() < deadline) {
      const mails = sink.mails.length
      await Promise.all(brands.map((brand) => brand.round()))
      const outbox = await db.db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .executeTakeFirstOrThrow()
      const hooks = await db.db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('delivered_at', 'is', null)
        .where('failed_at', 'is', null)
        .executeTakeFirstOrThrow()
      const waiting = Number(outbox.n) + Number(hooks.n) + traffic.inFlight
      const answers = brands.reduce((sum, brand) => sum + brand.waitingAnswers, 0)
      quietRounds = waiting === 0 && answers === 0 && sink.mails.length === mails ? quietRounds + 1 : 0
      if (quietRounds >= 2) return true
      await sleep(2000)
    }
    return false
  } finally {
    await db.close()
  }
}

/** The privacy team's member signs in (the local host's password-less sign-in; staff hosts use OpenID). */
async function signInToDesk(port: number): Promise<string> {
  const answer = await send(port, {
    method: 'POST',
    host: 'nl.localhost',
    path: '/nl/internal-privacy-rights/sign-in/development',
    headers: { origin: 'http://nl.localhost' },
    body: new URLSearchParams({
      email: 'lisa.desk@dpgmedia.nl',
      name: 'Lisa Desk',
      role: 'privacy-team',
      returnTo: '/nl',
    }),
    visitor: 999,
  })
  const cookies = ([] as string[]).concat(answer.headers['set-cookie'] ?? [])
  const session = cookies.find((line) => line.startsWith('__Host-staff-session='))?.split(';')[0]
  if (!session) throw new Error(`the desk sign-in failed: ${answer.status} ${answer.body.slice(0, 200)}`)
  return session
}

process.exitCode = await main(process.argv.slice(2))
