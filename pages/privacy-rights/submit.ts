import { errorCode, postJson } from '../../renderer/json'
import { type Brand, flattenNroKeys } from '../../shared/brands'
import { type PrivacyRequestBody, phoneOrNothing } from '../../shared/privacy-rights/request'
import { dateForApi } from '../../shared/privacy-rights/validation'
import type { Site } from '../../shared/site'
import type { ClientRequest } from './request-store'

export type SubmitOutcome = 'ok' | 'invalid-email' | 'failure'

/** Spec §7: the body the API takes, from the client-held request. Empty text is not sent. */
export function toBody(
  request: ClientRequest,
  site: Site,
  lang: 'nl' | 'fr',
  brands: readonly Brand[],
  withUserInfo: boolean,
): PrivacyRequestBody {
  const text = (value: string) => (value.trim() ? value.trim() : undefined)
  const info = request.userInfo
  const address = Object.fromEntries(Object.entries(info.address).filter(([, v]) => v.trim()))
  const userInfo = withUserInfo
    ? {
        ...(info.salutation ? { salutation: info.salutation } : {}),
        ...(text(info.firstName) ? { firstName: info.firstName.trim() } : {}),
        ...(text(info.lastName) ? { lastName: info.lastName.trim() } : {}),
        ...(Object.keys(address).length > 0 ? { address: { ...address, country: site.country } } : {}),
      }
    : undefined
  const phone = phoneOrNothing(request.phone)
  return {
    flowType: request.flowType ?? 'RIGHT_OF_ACCESS',
    country: site.country,
    language: lang,
    ...(text(request.email) ? { email: request.email.trim() } : {}),
    ...(phone ? { phoneNumber: phone } : {}),
    ...(text(request.userMessage) ? { userMessage: request.userMessage.trim() } : {}),
    ...(request.flowType === 'OBJECTION'
      ? { brands: flattenNroKeys(brands, request.brandIds), communicationTypes: request.communicationTypes }
      : {}),
    ...(text(request.brandName) ? { brandName: request.brandName } : {}),
    ...(text(request.article) ? { article: request.article.trim() } : {}),
    ...(text(request.publicationLink) ? { publicationLink: request.publicationLink.trim() } : {}),
    ...(text(request.publicationDate) ? { publicationDate: dateForApi(request.publicationDate) } : {}),
    ...(userInfo && Object.keys(userInfo).length > 0 ? { userInfo } : {}),
    touchpoint: window.location.href.split('#')[0],
  }
}

/** POSTs the request; the outcome decides the message (spec §8). */
export async function submitRequest(body: PrivacyRequestBody): Promise<SubmitOutcome> {
  const answer = await postJson('/api/privacy-rights/request', body)
  if (answer?.ok) return 'ok'
  return errorCode(answer) === 'INVALID_EMAIL' ? 'invalid-email' : 'failure'
}
