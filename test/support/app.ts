import { resolve } from 'node:path'
import { createApp } from '../../server/app'
import { productionAssets } from '../../server/assets'
import { type Config, loadConfig } from '../../server/config'
import { loadDocuments } from '../../server/documents/store'
import { createLogger } from '../../server/logger'

export const TEST_HOSTS_FILE = resolve(import.meta.dirname, '../fixtures/hosts.json')

/** The real app on the production build, with the test host table and any extra environment. */
export async function testApp(env: Record<string, string> = {}) {
  const config: Config = loadConfig({
    SITE_HOSTS_FILE: TEST_HOSTS_FILE,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    ...env,
  })
  const assets = await productionAssets()
  const documents = loadDocuments(resolve(import.meta.dirname, '../../content/documents'))
  return createApp(config, { logger: createLogger('silent'), assets, documents, ready: async () => true })
}
