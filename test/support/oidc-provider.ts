import { generateKeyPairSync } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { type KoaContextWithOIDC } from 'oidc-provider'

export const TEST_CLIENT = {
  clientId: 'privacy-site-test',
  clientSecret: 'test-secret-not-for-production-1234',
}

/**
 * A real OpenID provider (oidc-provider) on loopback, for tests: the development login form takes any
 * login and any password. The login is the account: `anna@dpgmedia.nl` has that address; a login without
 * `@` gets `@dpgmedia.nl`; a login that contains `desk` is in the group `privacy-desk`. Consent is skipped,
 * as a company provider does for its own applications. Claims other than `sub` come from UserInfo, so the
 * client's fallback to it is exercised too.
 */
export async function startTestIdentityProvider(options: {
  redirectUris: string[]
  port?: number
}): Promise<{ issuer: string; close(): Promise<void> }> {
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.clientId,
        client_secret: TEST_CLIENT.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    cookies: { keys: ['test-identity-provider-cookie-key'] },
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          kid: 'test',
          use: 'sig',
          alg: 'RS256',
        },
      ],
    },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    async findAccount(_ctx, sub) {
      const email = sub.includes('@') ? sub : `${sub}@dpgmedia.nl`
      const local = email.split('@')[0] ?? sub
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email,
            email_verified: true,
            name: local.replace(/[._-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
            groups: sub.includes('desk') ? ['privacy-desk'] : ['newsroom'],
          }
        },
      }
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc
      if (!client || !session?.accountId) return undefined
      const existing = session.grantIdFor(client.clientId)
      if (existing) return ctx.oidc.provider.Grant.find(existing)
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId })
      grant.addOIDCScope('openid email profile')
      await grant.save()
      return grant
    },
  })
  server.on('request', provider.callback())
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
