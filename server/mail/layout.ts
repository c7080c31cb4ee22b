import { COUNTRY_LABELS, SENDER_LANGUAGE_LABELS } from '#shared/desk-labels.ts'
import { escapeHtml } from '#shared/html.ts'
import type { Translate } from '#shared/i18n/translate.ts'
import { CHANNEL_DATA_MAIL_LABELS, CHANNEL_LABELS, FLOW_LABELS } from '#shared/labels.ts'
import { htmlLang, isLanguage, parseLocale } from '#shared/locale.ts'
import { channelData } from '#shared/privacy-rights/channel-data.ts'
import type { Country } from '#shared/site.ts'
import type { PrivacyRequest } from '../db/privacy-request-repository'

/**
 * Issue 31 (moved from templates.ts): what every mail is made of: the text and HTML parts, the reference in
 * the subject, a request's summary.
 */

/** A request as mails show it: its brands by name (the brands' nro keys are for systems, not people). */
export type NamedRequest = PrivacyRequest & { brandNames: readonly string[] }

export interface RenderedMail {
  subject: string
  text: string
  html: string
  /** The country whose sender it goes out from (MAIL_FROM_NL, MAIL_FROM_BE): the country of its language. */
  senderCountry?: Country
}

/**
 * A mail of paragraphs, in plain text and HTML, with at most one button. Every mail is written by this one
 * function (issue 27), so every mail has what the translator's locale says: `lang` on its HTML part
 * (`nl-BE`, `fr-BE`, `nl-NL`) and the sender of its country.
 */
export function compose(
  t: Translate,
  subject: string,
  paragraphs: string[],
  button?: { label: string; href: string },
): RenderedMail {
  const locale = t.locale ? parseLocale(t.locale) : null
  const closing = [t('mail.closing'), t('mail.signature')]
  const text = [
    t('mail.greeting'),
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(button ? [`${button.label}: ${button.href}`, ''] : []),
    ...closing,
  ].join('\n')
  const lang = locale ? htmlLang(locale.lang, locale.country) : 'nl'
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:Arial,sans-serif;color:#1b2430;line-height:1.5;max-width:36em">
<p>${escapeHtml(t('mail.greeting'))}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n')}
${button ? `<p><a href="${escapeHtml(button.href)}" style="display:inline-block;background:#16324f;color:#fff;padding:10px 20px;border-radius:20px;text-decoration:none">${escapeHtml(button.label)}</a></p><p style="font-size:13px;color:#4a5563">${escapeHtml(button.href)}</p>` : ''}
<p>${escapeHtml(closing[0] ?? '')}<br>${escapeHtml(closing[1] ?? '')}</p>
</body></html>`
  return { subject, text, html, ...(locale ? { senderCountry: locale.country } : {}) }
}

/** Every mail about an item carries its reference in the subject, as ticket systems expect: `… [NL-261124-K7Q2M]`. */
export function referenced(subject: string, reference: string | null): string {
  return reference ? `${subject} [${reference}]` : subject
}

/** The contact data an objection will stop (issue 27), so the requester sees it before confirming. */
function contactLines(t: Translate, request: NamedRequest): string[] {
  return channelData(request).map(([channel, value]) => `${t(CHANNEL_DATA_MAIL_LABELS[channel])}: ${value}`)
}

export function summary(t: Translate, request: NamedRequest, withContactData = false): string {
  const lines = [
    ...(request.reference ? [`${t('mail.team.reference')}: ${request.reference}`] : []),
    `${t('mail.summary.request')}: ${t(FLOW_LABELS[request.flowType])}`,
  ]
  if (request.brandNames.length > 0)
    lines.push(`${t('mail.summary.brands')}: ${request.brandNames.join(', ')}`)
  const channels = request.communicationTypes.filter((c) => c !== 'NOTIFICATIONS')
  if (channels.length > 0)
    lines.push(`${t('mail.summary.channels')}: ${channels.map((c) => t(CHANNEL_LABELS[c])).join(', ')}`)
  if (withContactData) lines.push(...contactLines(t, request))
  return lines.join('\n')
}

/** A text the team typed: its blank lines separate paragraphs. */
export function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
}

/** A language by its name in the team's language; a stored value that names none stays as it is. */
export const languageName = (t: Translate, language: string) =>
  isLanguage(language) ? t(SENDER_LANGUAGE_LABELS[language]) : language

/** The lines that tell a team mail's reader in which language to answer, and for which country. */
export const senderLines = (t: Translate, language: string, country: Country) => [
  `${t('mail.team.sender_language')}: ${languageName(t, language)}`,
  `${t('mail.team.country')}: ${t(COUNTRY_LABELS[country])}`,
]
