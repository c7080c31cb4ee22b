import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createApp } from './app'
import { developmentAssets, productionAssets, ROOT } from './assets'
import { ConfigError, loadConfig } from './config'
import { loadDocuments } from './documents/store'
import { createLogger } from './logger'

if (existsSync(`${ROOT}/.env`)) process.loadEnvFile(`${ROOT}/.env`)

async function main() {
  const config = loadConfig()
  const logger = createLogger(config.logLevel)
  const development = !config.production
  const assets = development ? await developmentAssets() : await productionAssets()
  let shuttingDown = false
  const documents = loadDocuments(join(ROOT, 'content/documents'))
  logger.info({ documents: documents.counts() }, 'documents loaded')
  const app = createApp(config, { logger, assets, documents, development, ready: async () => !shuttingDown })

  const server = app.listen(config.port, (error) => {
    if (error) {
      logger.fatal({ err: error }, 'cannot listen')
      process.exit(1)
    }
    logger.info({ port: config.port, mode: development ? 'development' : 'production' }, 'listening')
  })

  // Graceful shutdown: stop taking connections, let open requests finish, then exit.
  const shutdown = (signal: string) => {
    if (shuttingDown) return
    shuttingDown = true
    logger.info({ signal }, 'shutting down')
    server.close(() => process.exit(0))
    server.closeIdleConnections()
    setTimeout(() => process.exit(0), 10_000).unref()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error)
  process.exit(1)
})
