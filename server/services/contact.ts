import type { ContactBody } from '#shared/contact.ts'
import { serverTranslate, teamTranslate } from '#shared/i18n/catalog.server.ts'
import type { Locale } from '#shared/locale.ts'
import { readPhoneNumber } from '#shared/phone-number.ts'
import { phoneOrNothing } from '#shared/privacy-rights/request.ts'
import { senderErrors } from '#shared/sender-rules.ts'
import type { Site } from '#shared/site.ts'
import { type ContactMessage, contactMessageInsert, findContactMessage } from '../db/contact-repository'
import type { Db } from '../db/database'
import { keyedId, writeOnce } from '../db/idempotency'
import { withFreshReference } from '../db/references'
import { insertWithMails } from '../db/unit-of-work'
import { contactAcknowledgementMail, customerServiceMail } from '../mail/templates'
import type { EmailDomainCheck } from './email-domain'
import { IdempotencyKeyReused, UndeliverableEmail, ValidationFailed } from './errors'
import type { RecipientMailLimit } from './recipient-limit'

export interface ContactService {
  /** Stores and mails the message; answers its reference. */
  /** Issue 30: the same `idempotencyKey` again answers the first message's reference and stores nothing. */
  send(body: ContactBody, site: Site, locale: Locale, idempotencyKey?: string): Promise<{ reference: string }>
}

/**
 * Spec §5 and §8: name, a valid e-mail and a question are required; an address whose domain cannot
 * receive mail is refused (UndeliverableEmail). The message is stored and mailed (outbox) to the country's
 * customer service, and the visitor gets an acknowledgement promising an answer within 5 working days.
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
    async send(body, site, locale, idempotencyKey) {
      const errors = senderErrors(body, 'question')
      // A number in the site's country's notation or international, stored as E.164; never rewritten.
      const phone = phoneOrNothing(body.phone) ? readPhoneNumber(body.phone ?? '', site.country) : undefined
      if (phone === null) errors.push({ field: 'phone', rule: 'phone' })
      if (errors.length > 0) throw new ValidationFailed(errors)
      const email = body.email.trim().toLowerCase()
      if (!(await deps.emailDomainCheck(email))) throw new UndeliverableEmail()
      const at = clock()
      const now = at.toISOString()
      const message: ContactMessage = {
        id: idempotencyKey ? keyedId('contact-message', site.country, idempotencyKey) : crypto.randomUUID(),
        reference: '',
        country: site.country,
        language: locale.slice(0, 2),
        subject: body.subject ?? null,
        name: body.name.trim(),
        email,
        phoneNumber: phone?.number ?? null,
        question: body.question.trim(),
        createdAt: now,
      }
      const team = teamTranslate(site.country)
      const visitor = serverTranslate(locale)
      // Beyond the limit the message is stored and handled as usual; only the acknowledgement is not sent.
      const acknowledge = await deps.mailLimit.allows('acknowledgement', email)
      const store = () =>
        withFreshReference(site.country, at, async (reference) => {
          message.reference = reference
          await insertWithMails(
            deps.db,
            now,
            [contactMessageInsert(deps.db.db, message)],
            [
              {
                kind: 'customer-service',
                aboutId: message.id,
                to: deps.mailbox[site.country],
                // Answering the message answers the visitor (issue 27), not no-reply@.
                replyTo: email,
                ...customerServiceMail(team, message),
              },
              acknowledge && {
                kind: 'contact-acknowledgement',
                aboutId: message.id,
                to: email,
                // An answer to the acknowledgement reaches customer service, not no-reply@.
                replyTo: deps.mailbox[site.country],
                ...contactAcknowledgementMail(visitor, message),
              },
            ],
          )
        })
      const replay = async () => {
        const first = await findContactMessage(deps.db.db, message.id)
        if (first?.email !== email) throw new IdempotencyKeyReused()
        return first.reference ?? ''
      }
      return {
        reference: await writeOnce(idempotencyKey, () => store().then(() => message.reference), replay),
      }
    },
  }
}
