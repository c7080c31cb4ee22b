import { useEffect, useState } from 'react'
import type { IdentityCheck } from '#shared/privacy-rights/staff.ts'
import { type ClientRequest, EMPTY_REQUEST, sessionStore } from '../privacy-rights/request-store'
import { useStoredUpdate } from '../privacy-rights/useClientRequest'

/**
 * The staff form, held in sessionStorage like the public flows (DESIGN.md decision 2): it survives a
 * refresh and a refused submit. Once the objection is recorded it is reset, so "back to the form" on the
 * processed page opens an empty form (spec §2).
 */
export interface StaffForm extends ClientRequest {
  /** The customer's language, for the confirmation mail. */
  language: 'nl' | 'fr'
  identityMethod: IdentityCheck | ''
  identityNote: string
}

const KEY = 'staff-objection'

export function emptyStaffForm(language: 'nl' | 'fr'): StaffForm {
  return {
    ...EMPTY_REQUEST,
    flowType: 'OBJECTION',
    language,
    identityMethod: '',
    identityNote: '',
  }
}

const forms = sessionStore<StaffForm>(KEY)

export function useStaffForm(language: 'nl' | 'fr') {
  const [form, setForm] = useState<StaffForm>(() => emptyStaffForm(language))
  useEffect(() => setForm(forms.read(emptyStaffForm(language))), [language])
  const update = useStoredUpdate(setForm, forms)
  return { form, update, reset: forms.reset }
}
