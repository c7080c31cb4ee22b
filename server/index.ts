import cluster from 'node:cluster'
import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import { setFlagsFromString } from 'node:v8'
import { createListener } from './app'
import { developmentAssets, productionAssets, ROOT } from './assets'
import { compose } from './compose'
import { loadConfig, requireStaffSignIn } from './config'
import { createLogger, type Logger } from './logger'
import { IN_FLIGHT_LIMIT_SECONDS } from './shutdown'
import { deploymentOf, loadsSamples } from './sites'
import { startupFailure } from './startup-failure'

if (existsSync(`${ROOT}/.env`)) process.loadEnvFile(`${ROOT}/.env`)

/**
 * Issue 30 item 4: the old generation may grow to twice what survived the last full collection before the next
 * one (V8 sets 1.4× under a heap limit of 256 MB, NODE_OPTIONS in the README). At 1.4× a download's garbage
 * (each 60 KiB chunk read, then decrypted into another buffer) started a full collection every 10 MB or so,
 * three a second at 16 MB/s, each pausing every page in flight for 5–14 ms; at 2× they are gone
 * (docs/decisions/015-download-share.md). Not allowed in NODE_OPTIONS, so set here, before the app is built.
 */
setFlagsFromString('--heap-growing-percent=100')

/** Known once the configuration is read: a start-up failure names the database it could not reach. */
let databaseUrl: string | undefined

async function main() {
  const config = loadConfig()
  requireStaffSignIn(config)
  databaseUrl = config.databaseUrl
  const logger = createLogger(config.logLevel)
  const development = !config.production
  if (!development && config.webConcurrency > 1 && cluster.isPrimary) {
    supervise(config.webConcurrency, logger)
    return
  }
  const assets = development ? await developmentAssets() : await productionAssets()
  const composition = await compose(config, { root: ROOT, logger, assets, development })
  logger.info(
    {
      documents: composition.services.documents.counts(),
      database: composition.db.dialect,
      deployment: deploymentOf(config.hostTable),
      sampleNotices: loadsSamples(config.hostTable),
    },
    'ready to serve',
  )
  composition.startWorkers()
  const server = createServer(createListener(config, composition.services))
  server.once('error', (error) => {
    logger.fatal({ err: error }, 'cannot listen')
    process.exit(1)
  })
  server.listen(config.port, () => {
    logger.info({ port: config.port, mode: development ? 'development' : 'production' }, 'listening')
    // Issue 30: what the start no longer waits for is built now, before a visitor's search needs it.
    composition.services.search
      .warm()
      .catch((error: unknown) =>
        logger.error({ err: error }, 'search indexes not built ahead: built at first search'),
      )
  })

  // Graceful shutdown: readiness fails at once, requests are served for the drain period (the load
  // balancer needs that long to notice and stop sending), then the listener closes and open requests finish.
  let shuttingDown = false
  const stop = () => {
    logger.info('drained; closing the listener')
    server.close(() => {
      composition.close().finally(() => process.exit(0))
    })
    server.closeIdleConnections()
    // Safety net: a request that never ends must not keep the instance alive for ever.
    setTimeout(() => process.exit(0), IN_FLIGHT_LIMIT_SECONDS * 1000).unref()
  }
  const shutdown = (signal: string) => {
    if (shuttingDown) return
    shuttingDown = true
    composition.drain()
    logger.info({ signal, drainSeconds: config.shutdownDrainSeconds }, 'shutting down: draining')
    setTimeout(stop, config.shutdownDrainSeconds * 1000)
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

/**
 * WEB_CONCURRENCY > 1: this process forks that many workers, which share the port, and replaces a worker
 * that dies. SIGTERM is passed on; the primary exits when every worker has finished its requests.
 */
function supervise(workers: number, logger: Logger) {
  let stopping = false
  // A worker that cannot start (its database out of reach: it printed why) would only be replaced by
  // another that cannot either: until one has listened, the first to fail ends the instance with its code.
  let started = false
  cluster.on('listening', () => {
    started = true
  })
  for (let i = 0; i < workers; i++) cluster.fork()
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
      return
    }
    if (!started) {
      stopping = true
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM')
      process.exit(code || 1)
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'worker died; starting a new one')
    cluster.fork()
  })
  const stop = () => {
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

main().catch((error: unknown) => {
  console.error(startupFailure(error, databaseUrl))
  process.exit(1)
})
