import { createHash } from 'node:crypto'
import { readPhoneNumber } from '#shared/phone-number.ts'
import {
  isFilled,
  objectionChannels,
  type PrivacyRequestBody,
  phoneOrNothing,
  postalNameOf,
  type SuppressionChannel,
} from '#shared/privacy-rights/request.ts'
import type { Site } from '#shared/site.ts'
import type { PrivacyRequest, Suppression } from '../db/privacy-request-repository'

function trimmed(value: string | undefined): string | null {
  return isFilled(value) ? value.trim() : null
}

/**
 * The stored request: trimmed text, placeholders as nothing, a lone "+" phone as not set, a phone number as
 * E.164 read in the site's country (checkBody refused one that cannot be read).
 */
export function normalise(body: PrivacyRequestBody, site: Site, now: Date): PrivacyRequest {
  const info = body.userInfo
  const address = info?.address
  const cleanAddress = address
    ? Object.fromEntries(
        Object.entries(address)
          .filter(([, v]) => typeof v === 'string' && isFilled(v))
          .map(([k, v]) => [k, (v as string).trim()]),
      )
    : null
  const userInfo =
    info &&
    (isFilled(info.firstName) ||
      isFilled(info.lastName) ||
      info.salutation ||
      (cleanAddress && Object.keys(cleanAddress).length > 0))
      ? {
          ...(info.salutation ? { salutation: info.salutation } : {}),
          ...(isFilled(info.firstName) ? { firstName: info.firstName.trim() } : {}),
          ...(isFilled(info.lastName) ? { lastName: info.lastName.trim() } : {}),
          ...(cleanAddress && Object.keys(cleanAddress).length > 0 ? { address: cleanAddress } : {}),
        }
      : null
  const communicationTypes = body.flowType === 'OBJECTION' ? objectionChannels(body) : []
  return {
    id: crypto.randomUUID(),
    flowType: body.flowType,
    status: 'pending',
    country: site.country,
    language: body.language,
    email: trimmed(body.email)?.toLowerCase() ?? null,
    phoneNumber: phoneOrNothing(body.phoneNumber)
      ? (readPhoneNumber(body.phoneNumber ?? '', site.country)?.number ?? null)
      : null,
    userMessage: trimmed(body.userMessage),
    article: trimmed(body.article),
    publicationLink: trimmed(body.publicationLink),
    publicationDate: trimmed(body.publicationDate),
    brandName: trimmed(body.brandName),
    brands: body.flowType === 'OBJECTION' ? [...new Set(body.brands ?? [])] : [],
    communicationTypes,
    userInfo,
    touchpoint: trimmed(body.touchpoint),
    origin: site.origin,
    createdAt: now.toISOString(),
    verifiedAt: null,
    executedAt: null,
    dueAt: null,
    identityCheck: null,
    identityNote: null,
    reference: null,
  }
}

/** Every brand key × chosen channel, with the contact data of that channel (NOTIFICATIONS: nothing). */
export function suppressionsFor(request: PrivacyRequest): Suppression[] {
  const channels = request.communicationTypes.filter((c): c is SuppressionChannel => c !== 'NOTIFICATIONS')
  return channels.flatMap((channel) =>
    request.brands.map((brandKey) => ({
      channel,
      brandKey,
      country: request.country,
      email: channel === 'EMAIL' ? request.email : null,
      phoneNumber: channel === 'PHONE' ? request.phoneNumber : null,
      postalAddress: channel === 'POSTAL' ? (request.userInfo?.address ?? null) : null,
      // The name the postal channel requires: which resident at that address objected (issue 27).
      postalName: channel === 'POSTAL' ? postalNameOf(request.userInfo) : null,
      requestId: request.id,
    })),
  )
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

/** Calendar months on: 31 January + one month is the last day of February, not 3 March. */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date)
  const day = next.getUTCDate()
  next.setUTCDate(1)
  next.setUTCMonth(next.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate()
  next.setUTCDate(Math.min(day, lastDay))
  return next
}
