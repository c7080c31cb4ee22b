import { type FormEvent, useCallback, useRef, useState } from 'react'
import type { BannerState } from '../../renderer/forms/Banner'
import { useFocusFirstError } from '../../renderer/forms/Field'
import { phoneOrNothing } from '../../shared/privacy-rights/request'
import type { FieldError } from '../../shared/privacy-rights/rules'
import type { Rule } from '../../shared/privacy-rights/validation'
import { type Errors, formField } from './ContactFields'
import type { ClientRequest } from './request-store'
import type { SubmitOutcome } from './submit'

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
  validate: () => Errors,
  send: () => Promise<SubmitOutcome>,
) {
  const [banner, setBanner] = useState<BannerState | null>(null)
  const [busy, setBusy] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const focusError = useFocusFirstError(formRef)
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const errors = validate()
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
