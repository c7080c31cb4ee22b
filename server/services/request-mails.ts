import type { BrandCatalog } from '#shared/brands.ts'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import type { Translate } from '#shared/i18n/translate.ts'
import type { Locale } from '#shared/locale.ts'
import type { Country } from '#shared/site.ts'
import type { OutgoingMail } from '../db/outbox-repository'
import type { PrivacyRequest } from '../db/privacy-request-repository'
import type { NamedRequest, RenderedMail } from '../mail/templates'

/** The locale of a requester's mails: their language, their country's wording. */
export function mailLocale(request: Pick<PrivacyRequest, 'language' | 'country'>): Locale {
  return `${request.language}_${request.country.toLowerCase()}` as Locale
}

/** The brands of a request's nro keys, by name, as mails and the desk show them. */
export function brandNames(brands: BrandCatalog, country: Country, keys: readonly string[]): string[] {
  return brands[country].brands
    .filter((brand) => brand.nroKeys.some((key) => keys.includes(key)))
    .map((brand) => brand.description)
}

/**
 * Everything a service needs to write a requester's mail: the request with its brand names, the translation
 * of the requester's language, and the outbox entry addressed to them with Reply-To the country's privacy
 * mailbox (an answer to a mail of ours reaches the team, not no-reply@).
 */
export function requesterMails(brands: BrandCatalog, privacyMailbox: Readonly<Record<Country, string>>) {
  return {
    named: (request: PrivacyRequest): NamedRequest => ({
      ...request,
      brandNames: brandNames(brands, request.country, request.brands),
    }),
    translate: (request: PrivacyRequest): Translate => serverTranslate(mailLocale(request)),
    to(request: PrivacyRequest, kind: string, mail: RenderedMail): OutgoingMail | null {
      if (!request.email) return null
      return {
        kind,
        aboutId: request.id,
        to: request.email,
        replyTo: privacyMailbox[request.country],
        ...mail,
      }
    },
  }
}
