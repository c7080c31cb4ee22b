import { useCallback, useEffect, useState } from 'react'
import type { IdentityCheck } from '../../shared/privacy-rights/staff'
import { type ClientRequest, EMPTY_REQUEST } from '../privacy-rights/request-store'

/**
 * The staff form, held in sessionStorage like the public flows (DESIGN.md decision 2): it survives a
 * refresh and the processed page, until "back to the form" resets it (spec §2).
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

export function resetStaffForm() {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // nothing stored
  }
}

export function useStaffForm(language: 'nl' | 'fr') {
  const [form, setForm] = useState<StaffForm>(() => emptyStaffForm(language))
  useEffect(() => {
    try {
      const raw = sessionStorage.getItem(KEY)
      if (raw) setForm({ ...emptyStaffForm(language), ...(JSON.parse(raw) as Partial<StaffForm>) })
    } catch {
      // unreadable: start empty
    }
  }, [language])
  const update = useCallback((change: Partial<StaffForm> | ((f: StaffForm) => Partial<StaffForm>)) => {
    setForm((previous) => {
      const next = { ...previous, ...(typeof change === 'function' ? change(previous) : change) }
      try {
        sessionStorage.setItem(KEY, JSON.stringify(next))
      } catch {
        // Private mode without storage: the form still works within the page.
      }
      return next
    })
  }, [])
  return { form, update }
}
