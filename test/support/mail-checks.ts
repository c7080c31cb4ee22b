import type { ParsedMail } from 'mailparser'
import { expect } from 'vitest'

/** How a mail of ours opens and closes, per language: written here, not read from the phrase files. */
const FRAME = {
  nl: { greeting: 'Hallo,', closing: 'Met vriendelijke groet,' },
  fr: { greeting: 'Bonjour,', closing: 'Bien cordialement,' },
} as const

/**
 * What every mail to a requester about an item must be (issue 16 item 1): its reference at the end of the
 * subject and in both bodies, Reply-To the mailbox that answers (never no-reply), written in the requester's
 * language from greeting to closing.
 */
export function expectRequesterMail(
  mail: ParsedMail | undefined,
  expected: { reference: string; replyTo: string; language: 'nl' | 'fr' },
) {
  expect(mail, `a mail about ${expected.reference}`).toBeDefined()
  const subject = mail?.subject ?? ''
  const text = mail?.text ?? ''
  const html = typeof mail?.html === 'string' ? mail.html : ''
  expect(subject, 'subject').toMatch(new RegExp(`\\[${expected.reference}\\]$`))
  expect(text, `text body of "${subject}"`).toContain(expected.reference)
  expect(html, `HTML body of "${subject}"`).toContain(expected.reference)
  expect(mail?.replyTo?.text, `Reply-To of "${subject}"`).toBe(expected.replyTo)
  const own = FRAME[expected.language]
  const other = FRAME[expected.language === 'nl' ? 'fr' : 'nl']
  expect(text.startsWith(own.greeting), `"${subject}" opens in ${expected.language}`).toBe(true)
  expect(text, `"${subject}" closes in ${expected.language}`).toContain(own.closing)
  expect(text).not.toContain(other.greeting)
  expect(text).not.toContain(other.closing)
}
