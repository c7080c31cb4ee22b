// https://vike.dev/config
import type { Config } from 'vike/types'

export default {
  // Server routing: every navigation is a full page load and each page ships only its own code.
  clientRouting: false,
  passToClient: ['site', 'lang', 'locale', 'phrases', 'logicalPath', 'search', 'staffMember', 'staffSignIn'],
  // Trailing and double slashes are tidied by our own redirect rules (shared/routing.ts), after the
  // language check, so that a wrong prefix such as /de/ is a 404 and not first a redirect.
  disableUrlNormalization: true,
  meta: {
    title: { env: { server: true } },
    description: { env: { server: true } },
    phrases: { env: { server: true }, cumulative: true },
    breadcrumbs: { env: { server: true, client: true } },
    pageCache: { env: { server: true } },
  },
  phrases: ['layout'],
} satisfies Config
