import { type FormEvent, useCallback, useRef, useState } from 'react'
import type { BannerState } from '../../renderer/forms/Banner'
import { useFocusFirstError } from '../../renderer/forms/Field'
import { usePageContext } from '../../renderer/usePageContext'
import type { Brand } from '../../shared/brands'
import { checkBody } from '../../shared/privacy-rights/rules'
import type { Rule } from '../../shared/privacy-rights/validation'
import { localizedPath } from '../../shared/routing'
import { type Errors, formField } from './ContactFields'
import type { ClientRequest } from './request-store'
import { submitRequest, toBody } from './submit'

export function errorsOf(request: ClientRequest, options: SubmitOptions): Errors {
  const body = toBody(request, options.site, options.lang, options.brands, options.withUserInfo)
  const known = new Set(options.brands.flatMap((brand) => brand.nroKeys))
  const errors: Errors = {}
  for (const error of checkBody(body, options.site.country, known)) {
    const rule = error.rule as Rule
    errors[formField(error.field)] ??= rule
  }
  // A lone "+" never reaches the body, so the phone rule is checked on the field itself.
  if (request.communicationTypes.includes('PHONE') && request.phone.replace(/\s/g, '') === '+')
    errors.phoneNumber = 'required'
  return errors
}

interface SubmitOptions {
  site: ReturnType<typeof usePageContext>['site']
  lang: 'nl' | 'fr'
  brands: readonly Brand[]
  withUserInfo: boolean
}

/**
 * Submits the client-held request (spec §4, §7, §8): success goes to the processed page; INVALID_EMAIL
 * marks the e-mail field; anything else shows the error banner and keeps the input.
 */
export function useSubmit(request: ClientRequest, options: SubmitOptions, setErrors: (e: Errors) => void) {
  const [banner, setBanner] = useState<BannerState | null>(null)
  const [busy, setBusy] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const focusError = useFocusFirstError(formRef)
  const { lang } = usePageContext()
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const errors = errorsOf(request, options)
    setErrors(errors)
    if (Object.keys(errors).length > 0) {
      focusError()
      return
    }
    setBusy(true)
    const outcome = await submitRequest(
      toBody(request, options.site, options.lang, options.brands, options.withUserInfo),
    )
    setBusy(false)
    if (outcome === 'ok') {
      window.location.assign(localizedPath(lang, '/privacy-rights/processed'))
      return
    }
    if (outcome === 'invalid-email') {
      setErrors({ email: 'email_unreachable' })
      focusError()
      return
    }
    setBanner({ type: 'error', textKey: 'privacy_rights.send_failure' })
  }
  const closeBanner = useCallback(() => setBanner(null), [])
  return { onSubmit, banner, closeBanner, busy, formRef }
}
