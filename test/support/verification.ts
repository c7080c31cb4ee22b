import type { Express } from 'express'
import request from 'supertest'
import type { SmtpSink } from './smtp'

/**
 * Confirms a privacy request the way its requester does: the link in the mail the real SMTP server received,
 * then the confirm button (a POST of the token). Answers the confirmation's response (303 to the outcome).
 */
export async function confirmByMail(app: Express, sink: SmtpSink, host: string, email: string) {
  const [mail] = await sink.waitFor(
    (m) => JSON.stringify(m.to).includes(email) && /Bevestig|Confirmez/.test(m.subject ?? ''),
  )
  const link = /https:\/\/[^\s]+\/(nl|fr)\/verify-email\?token=([\w-]+)/.exec(mail?.text ?? '')
  if (!link) throw new Error(`No verification link in the mail to ${email}`)
  const [, lang, token] = link
  return request(app).post(`/${lang}/verify-email`).set('Host', host).type('form').send({ token })
}
