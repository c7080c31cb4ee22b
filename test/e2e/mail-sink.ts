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

const SMTP_PORT = Number(process.env.SINK_SMTP_PORT ?? 2525)
const HTTP_PORT = Number(process.env.SINK_HTTP_PORT ?? 3212)
const IDP_PORT = Number(process.env.SINK_IDP_PORT ?? 3213)
const APP_PORT = Number(process.env.APP_PORT ?? 3211)
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
  redirectUris: ['nl', 'be'].map((c) => `http://${c}.localhost:${APP_PORT}/internal-privacy-rights/callback`),
})
