import type { Errors } from '#pages/privacy-rights/ContactFields.tsx'
import { toBody, toFormErrors, useFormSubmit } from '#pages/privacy-rights/submit.ts'
import { phoneReaderFor } from '#renderer/forms/phone-reader.ts'
import { errorCode, postJson } from '#renderer/json.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { checkStaffBody, type IdentityCheck, type StaffObjectionBody } from '#shared/privacy-rights/staff.ts'
import { localizedPath } from '#shared/routing.ts'
import type { StaffForm } from '../staff-store'
import type { Data } from './+data'

/**
 * Issue 31 (moved from +Page.tsx): the staff form's submit: checked by the same rules as the API, then
 * recorded; the processed page follows, or the sign-in when the session ended.
 */
export function useRecordObjection(
  form: StaffForm,
  brands: Data['brands'],
  setErrors: (errors: Errors) => void,
  reset: () => void,
) {
  const { site, lang } = usePageContext()

  // The stored form is an OBJECTION, so toBody already sends the brands' nro keys and the channels.
  const body = (): StaffObjectionBody => ({
    ...(toBody(
      form,
      site,
      form.language,
      brands,
      form.communicationTypes.includes('POSTAL'),
    ) as StaffObjectionBody),
    identityCheck: {
      // Not chosen yet: checkStaffBody reports it before anything is sent.
      method: form.identityMethod as IdentityCheck,
      ...(form.identityNote.trim() ? { note: form.identityNote.trim() } : {}),
    },
  })

  return useFormSubmit(
    setErrors,
    async () => {
      const known = new Set(brands.flatMap((brand) => brand.nroKeys))
      const readPhone = await phoneReaderFor(body().phoneNumber)
      return toFormErrors(checkStaffBody(body(), site.country, known, readPhone), form, {
        'identityCheck.method': 'identityMethod',
      })
    },
    async () => {
      const answer = await postJson('/api/internal-privacy-rights/direct-marketing', body())
      const recorded = (answer?.body as { recorded?: { requestId: string } } | null)?.recorded
      if (answer?.ok && recorded) {
        reset()
        const processed = localizedPath(lang, '/internal-privacy-rights/processed')
        window.location.assign(`${processed}?request=${recorded.requestId}`)
        return 'ok'
      }
      if (answer?.status === 401) {
        // The session ended (idle or absolute time-out): sign in again; the form is kept.
        window.location.assign(localizedPath(lang, '/internal-privacy-rights/sign-in'))
        return 'ok'
      }
      return errorCode(answer) === 'INVALID_EMAIL' ? 'invalid-email' : 'failure'
    },
  )
}
