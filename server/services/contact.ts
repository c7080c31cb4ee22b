import type { ContactBody } from '../../shared/contact'
import type { Locale } from '../../shared/locale'
import { phoneOrNothing } from '../../shared/privacy-rights/request'
import { checkPhone } from '../../shared/privacy-rights/validation'
import { senderErrors } from '../../shared/sender-rules'
import type { Site } from '../../shared/site'
import type { Db } from '../db/database'
import { enqueueMail } from '../db/outbox-repository'
import { freshReference } from '../db/references'
import { HttpError } from '../http-error'
import { serverTranslate } from '../i18n/translate'
import { contactAcknowledgementMail, customerServiceMail } from '../mail/templates'
import type { EmailDomainCheck } from './email-domain'
import { validationFailed } from './privacy-requests'
import type { RecipientMailLimit } from './recipient-limit'

export interface ContactService {
  /** Stores and mails the message; answers its reference. */
  send(body: ContactBody, site: Site, locale: Locale): Promise<{ reference: string }>
}

/**
 * Spec §5 and §8: name, a valid e-mail and a question are required; an address whose domain cannot
 * receive mail is EMAIL_INVALID. The message is stored and mailed (outbox) to the country's customer
 * service, and the visitor gets an acknowledgement promising an answer within 5 working days.
 */
export function createContactService(deps: {
  db: Db
  emailDomainCheck: EmailDomainCheck
  mailLimit: RecipientMailLimit
  mailbox: Readonly<Record<'NL' | 'BE', string>>
  clock?: () => Date
}): ContactService {
  const clock = deps.clock ?? (() => new Date())
  return {
    async send(body, site, locale) {
      const errors = senderErrors(body, 'question')
      const phone = phoneOrNothing(body.phone)?.replace(/\s+/g, '')
      if (phone && checkPhone(phone)) errors.push({ field: 'phone', rule: 'phone' })
      if (errors.length > 0) throw validationFailed(errors)
      const email = body.email.trim().toLowerCase()
      if (!(await deps.emailDomainCheck(email))) {
        throw new HttpError(400, 'EMAIL_INVALID', 'The e-mail address cannot receive mail')
      }
      const at = clock()
      const now = at.toISOString()
      const message = {
        id: crypto.randomUUID(),
        reference: '',
        country: site.country,
        language: locale.slice(0, 2),
        subject: body.subject ?? null,
        name: body.name.trim(),
        email,
        phone_number: phone ?? null,
        question: body.question.trim(),
        created_at: now,
      }
      const team = serverTranslate(site.country === 'BE' ? 'nl_be' : 'nl_nl')
      const visitor = serverTranslate(locale)
      // Beyond the limit the message is stored and handled as usual; only the acknowledgement is not sent.
      const acknowledge = await deps.mailLimit.allows('acknowledgement', email)
      await deps.db.db.transaction().execute(async (trx) => {
        message.reference = await freshReference(trx, 'contact_messages', site.country, at)
        await trx.insertInto('contact_messages').values(message).execute()
        const about = { aboutId: message.id }
        await enqueueMail(
          trx,
          {
            kind: 'customer-service',
            ...about,
            to: deps.mailbox[site.country],
            ...customerServiceMail(team, message),
          },
          now,
        )
        if (acknowledge) {
          const mail = contactAcknowledgementMail(visitor, message)
          await enqueueMail(trx, { kind: 'contact-acknowledgement', ...about, to: email, ...mail }, now)
        }
      })
      return { reference: message.reference }
    },
  }
}
