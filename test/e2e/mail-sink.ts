/**
 * The end-to-end tests' outside world: a real SMTP server on loopback (the app sends to it), whose received
 * mails the tests read over HTTP (GET /mails?to=ADDRESS), the stand-in address registers under /pdok
 * and /vlaanderen (the internet is not reachable in tests), and a real OpenID provider for staff sign-in.
 */
import { createServer } from 'node:http'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { addressRegisterHandler } from '../support/address-registers'
import { startTestIdentityProvider } from '../support/oidc-provider'

/** The ports playwright.config.ts chose (free ones unless set): no fixed port, so checkouts do not collide. */
function port(name: 'E2E_SMTP_PORT' | 'E2E_SINK_PORT' | 'E2E_IDP_PORT' | 'E2E_PORT'): number {
  const value = Number(process.env[name])
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be set (playwright.config.ts sets it)`)
  return value
}
const SMTP_PORT = port('E2E_SMTP_PORT')
const HTTP_PORT = port('E2E_SINK_PORT')
const IDP_PORT = port('E2E_IDP_PORT')
const APP_PORT = port('E2E_PORT')
const mails: { to: string; subject: string; text: string }[] = []

new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '')
        mails.push({ to, subject: mail.subject ?? '', text: mail.text ?? '' })
        callback()
      })
      .catch(callback)
  },
}).listen(SMTP_PORT, '127.0.0.1')

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const register = addressRegisterHandler(url)
  if (register) {
    res.statusCode = register.status
    res.setHeader('Content-Type', 'application/json')
    res.end(JSON.stringify(register.body))
    return
  }
  if (url.pathname === '/livez') {
    res.end('ok')
    return
  }
  const to = url.searchParams.get('to') ?? ''
  res.setHeader('Content-Type', 'application/json')
  res.end(JSON.stringify(mails.filter((mail) => mail.to.includes(to))))
}).listen(HTTP_PORT, '127.0.0.1')

await startTestIdentityProvider({
  port: IDP_PORT,
  redirectUris: [
    ...['nl', 'be'].map((c) => `http://${c}.localhost:${APP_PORT}/internal-privacy-rights/callback`),
    // Issue 26: the staff hosts of the production table (test/e2e/staff-hosts.spec.ts), over TLS.
    ...['nl', 'be'].map((c) => `https://privacy-intern.dpgmedia.${c}/internal-privacy-rights/callback`),
  ],
})
