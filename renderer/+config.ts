// https://vike.dev/config
import type { Config } from 'vike/types'

export default {
  // Server routing: every navigation is a full page load and each page ships only its own code.
  clientRouting: false,
  // No page loads Vike's client runtime (issue 19). A page's script is its +client.ts: a content page only
  // runs renderer/enhance/, a form page also hydrates its own React root (renderer/hydrate.tsx) from the
  // page context the server put beside it (`hydrate: true`).
  clientHooks: false,
  // Trailing and double slashes are tidied by our own redirect rules (shared/routing.ts), after the
  // language check, so that a wrong prefix such as /de/ is a 404 and not first a redirect.
  disableUrlNormalization: true,
  meta: {
    title: { env: { server: true } },
    description: { env: { server: true } },
    phrases: { env: { server: true }, cumulative: true },
    breadcrumbs: { env: { server: true } },
    hydrate: { env: { server: true } },
    clientData: { env: { server: true } },
    pageCache: { env: { server: true } },
    personalLink: { env: { server: true } },
  },
  phrases: ['layout'],
  hydrate: false,
} satisfies Config
