import { type FormEvent, useCallback, useRef, useState } from 'react'
import type { BannerState } from '#renderer/forms/Banner.tsx'
import { useFocusFirstError } from '#renderer/forms/Field.tsx'
import { phoneReaderFor } from '#renderer/forms/phone-reader.ts'
import { errorCode, postJson } from '#renderer/json.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { type Brand, flattenNroKeys } from '#shared/brands.ts'
import { type PrivacyRequestBody, phoneOrNothing } from '#shared/privacy-rights/request.ts'
import { checkBody, type FieldError } from '#shared/privacy-rights/rules.ts'
import { dateForApi, type Rule } from '#shared/privacy-rights/validation.ts'
import { localizedPath } from '#shared/routing.ts'
import type { Site } from '#shared/site.ts'
import { type Errors, formField } from './ContactFields'
import { type ClientRequest, lastReference } from './request-store'

/**
 * A privacy request's way out of the browser (spec §4, §7, §8): the body from the client-held request,
 * the rules with focus on the first error, the POST, and what its answer means. Public flows and the staff
 * form submit through here.
 */
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
  const answer = await postJson('/api/privacy-rights/request', body, { submission: true })
  if (answer?.ok) {
    // The processed page shows the reference to quote (issue 16).
    lastReference.write((answer.body as { reference?: string } | null)?.reference ?? null)
    return 'ok'
  }
  return errorCode(answer) === 'INVALID_EMAIL' ? 'invalid-email' : 'failure'
}

/**
 * The form's errors from the rules' errors on the body, first rule per field. `renamed` maps a body field
 * to its form field where the names differ beyond the `userInfo.` prefix.
 */
export function toFormErrors(
  found: readonly FieldError[],
  request: ClientRequest,
  renamed: Readonly<Record<string, string>> = {},
): Errors {
  const errors: Errors = {}
  for (const error of found) errors[renamed[error.field] ?? formField(error.field)] ??= error.rule as Rule
  // A lone "+" never reaches the body, so the phone rule is checked on the field itself.
  if (request.communicationTypes.includes('PHONE') && !phoneOrNothing(request.phone))
    errors.phoneNumber = 'required'
  return errors
}

/**
 * A request form's submit (spec §4, §8): the rules first, with focus on the first error; then `send`, which
 * leaves the page on success. INVALID_EMAIL marks the e-mail field; anything else shows the error banner
 * and keeps the input.
 */
export function useFormSubmit(
  setErrors: (errors: Errors) => void,
  validate: () => Errors | Promise<Errors>,
  send: () => Promise<SubmitOutcome>,
) {
  const [banner, setBanner] = useState<BannerState | null>(null)
  const [busy, setBusy] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const focusError = useFocusFirstError(formRef)
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const errors = await validate()
    setErrors(errors)
    if (Object.keys(errors).length > 0) {
      focusError()
      return
    }
    setBusy(true)
    const outcome = await send()
    setBusy(false)
    if (outcome === 'invalid-email') {
      setErrors({ email: 'email_unreachable' })
      focusError()
    } else if (outcome === 'failure') {
      setBanner({ type: 'error', textKey: 'privacy_rights.send_failure' })
    }
  }
  const closeBanner = useCallback(() => setBanner(null), [])
  return { onSubmit, banner, closeBanner, busy, formRef }
}

export async function errorsOf(request: ClientRequest, options: SubmitOptions): Promise<Errors> {
  const body = toBody(request, options.site, options.lang, options.brands, options.withUserInfo)
  const known = new Set(options.brands.flatMap((brand) => brand.nroKeys))
  const readPhone = await phoneReaderFor(body.phoneNumber)
  return toFormErrors(checkBody(body, options.site.country, known, readPhone), request)
}

interface SubmitOptions {
  site: ReturnType<typeof usePageContext>['site']
  lang: 'nl' | 'fr'
  brands: readonly Brand[]
  withUserInfo: boolean
}

/** The public flows: the client-held request to POST /api/privacy-rights/request, then the processed page. */
export function useSubmit(request: ClientRequest, options: SubmitOptions, setErrors: (e: Errors) => void) {
  const { lang } = usePageContext()
  return useFormSubmit(
    setErrors,
    () => errorsOf(request, options),
    async () => {
      const outcome = await submitRequest(
        toBody(request, options.site, options.lang, options.brands, options.withUserInfo),
      )
      if (outcome === 'ok') window.location.assign(localizedPath(lang, '/privacy-rights/processed'))
      return outcome
    },
  )
}
