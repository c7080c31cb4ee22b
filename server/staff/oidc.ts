import * as client from 'openid-client'

/** What travels from the start of a sign-in to its callback, in a short-lived signed cookie. */
export interface SignInTransaction {
  state: string
  nonce: string
  codeVerifier: string
  /** The staff page to return to: a local path, checked before it is used. */
  returnTo: string
}

export interface OidcSettings {
  issuer: string
  clientId: string
  clientSecret: string
  allowInsecure: boolean
}

/** The claims the staff area uses, from the ID token (and the UserInfo endpoint when the token lacks them). */
export type StaffClaims = Record<string, unknown> & { sub: string; iss: string }

export interface OidcSignIn {
  /** The identity provider's authorization URL (code flow, PKCE S256, state and nonce) and its transaction. */
  begin(redirectUri: string, returnTo: string): Promise<{ url: URL; transaction: SignInTransaction }>
  /** Exchanges the code of the callback URL and checks state, nonce, PKCE and the ID token. */
  finish(callbackUrl: URL, transaction: SignInTransaction): Promise<StaffClaims>
}

/**
 * Staff sign-in with the group's OpenID Connect provider through openid-client. The provider's metadata is
 * discovered at the first sign-in, not at start-up, so the site starts while the provider is down; a failed
 * discovery is tried again at the next sign-in.
 */
export function createOidcSignIn(settings: OidcSettings): OidcSignIn {
  let configuration: Promise<client.Configuration> | null = null
  const discover = () => {
    configuration ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        undefined,
        settings.allowInsecure ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configuration = null
        throw error
      })
    return configuration
  }

  return {
    async begin(redirectUri, returnTo) {
      const config = await discover()
      const codeVerifier = client.randomPKCECodeVerifier()
      const transaction: SignInTransaction = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier,
        returnTo,
      }
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state: transaction.state,
        nonce: transaction.nonce,
      })
      return { url, transaction }
    },

    async finish(callbackUrl, transaction) {
      const config = await discover()
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      })
      const claims = tokens.claims()
      if (!claims) throw new Error('The identity provider sent no ID token')
      let merged: StaffClaims = { ...claims }
      if (typeof claims.email !== 'string' && tokens.access_token) {
        const userInfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub)
        merged = { ...userInfo, ...claims }
      }
      return merged
    },
  }
}
