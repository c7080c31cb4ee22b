import request from 'supertest'
import { expect } from 'vitest'
import type { Logger } from '#server/logger.ts'
import { testSetup } from './app'
import { startTestIdentityProvider, TEST_CLIENT } from './oidc-provider'

const FORM = '/nl/internal-privacy-rights/direct-marketing'

type App = Awaited<ReturnType<typeof testSetup>>['app']

/** The cookie `name` of a response, as `name=value`, and its attributes. */
export function cookieOf(response: { headers: Record<string, unknown> }, name: string) {
  const all = (response.headers['set-cookie'] as string[] | undefined) ?? []
  const line = all.find((c) => c.startsWith(`${name}=`))
  return line ? { pair: line.split(';')[0] ?? '', line } : null
}

/**
 * Signs in through the test provider as a browser would: start at the staff page, follow the provider's
 * redirects, submit its login form, and hand the callback to the app with the sign-in cookie.
 */
export async function signIn(app: App, login: string, host = 'nl.localhost') {
  const start = await request(app)
    .get(`/nl/internal-privacy-rights/sign-in?returnTo=${encodeURIComponent(FORM)}`)
    .set('Host', host)
  expect(start.status).toBe(302)
  const transaction = cookieOf(start, '__Host-staff-signin')
  expect(transaction?.line).toMatch(/HttpOnly/i)
  const jar = new Map<string, string>()
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const index = pair.indexOf('=')
      jar.set(pair.slice(0, index), pair.slice(index + 1))
    }
  }
  const cookies = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  let url = new URL(String(start.headers.location))
  for (let hop = 0; hop < 12; hop++) {
    if (url.pathname === '/internal-privacy-rights/callback') {
      return request(app)
        .get(`${url.pathname}${url.search}`)
        .set('Host', host)
        .set('Cookie', transaction?.pair ?? '')
    }
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: cookies() } })
    remember(response)
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location') ?? '', url)
      continue
    }
    const html = await response.text()
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
    if (!action) throw new Error(`No login form at ${url}: ${html.slice(0, 200)}`)
    const posted = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookies(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any' }),
    })
    remember(posted)
    url = new URL(posted.headers.get('location') ?? '', url)
  }
  throw new Error('The sign-in did not reach the callback')
}

/**
 * The real app signing staff in at a test OpenID provider on loopback (redirect URIs for nl.localhost and
 * be.localhost, and the origins of `staffOrigins`); `env` adds to or overrides the app's environment.
 * `close` stops both.
 */
export async function staffTestSetup(
  env: Record<string, string> = {},
  options: { clock?: () => Date; staffOrigins?: string[]; logger?: Logger } = {},
) {
  const idp = await startTestIdentityProvider({
    redirectUris: [
      ...['nl', 'be'].map((c) => `http://${c}.localhost:3211/internal-privacy-rights/callback`),
      ...(options.staffOrigins ?? []).map((origin) => `${origin}/internal-privacy-rights/callback`),
    ],
  })
  const setup = await testSetup(
    {
      STAFF_OIDC_ISSUER: idp.issuer,
      STAFF_OIDC_CLIENT_ID: TEST_CLIENT.clientId,
      STAFF_OIDC_CLIENT_SECRET: TEST_CLIENT.clientSecret,
      ...env,
    },
    options.logger,
    options,
  )
  return {
    ...setup,
    idp,
    async close() {
      await setup.composition.close()
      await idp.close()
    },
  }
}
