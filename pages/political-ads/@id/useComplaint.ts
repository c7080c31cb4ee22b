import { type FormEvent, useRef, useState } from 'react'
import { useFocusFirstError } from '#renderer/forms/Field.tsx'
import { postJson } from '#renderer/json.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import type { ComplaintReason } from '#shared/political-ads.ts'
import { MESSAGE_KEYS, type Rule } from '#shared/privacy-rights/validation.ts'
import { checkSender } from '#shared/sender-rules.ts'

const FIELDS = ['name', 'email', 'explanation'] as const
export type ComplaintErrors = Partial<Record<(typeof FIELDS)[number], Rule>>

/**
 * Spec §7, §8: the server refused the complaint (400 with validationError). The form's fields it names, each
 * with its rule, as field errors (INVALID_EMAIL alone: the address cannot receive mail); null when it names
 * anything the visitor cannot correct in the form, which the result layer then reports as a failure.
 */
function refusedFields(body: unknown): ComplaintErrors | null {
  const refusal = body as {
    validationError?: string
    error?: { fields?: { field: string; rule: string }[] }
  } | null
  if (!refusal?.validationError) return null
  const errors: ComplaintErrors = {}
  for (const { field, rule } of refusal.error?.fields ?? []) {
    const name = FIELDS.find((known) => known === field)
    if (!name || !(rule in MESSAGE_KEYS)) return null
    errors[name] ??= rule as Rule
  }
  if (refusal.validationError === 'INVALID_EMAIL') errors.email ??= 'email_unreachable'
  return Object.keys(errors).length > 0 ? errors : null
}

/**
 * The complaint's second layer, its form: the sender's fields and their errors, kept while the dialog goes
 * back to the reason and forth, and the sending. `answered` is called once the server answered (or did not),
 * with `outcome` and `reference` set; a refusal of fields the visitor can correct keeps the form instead.
 */
export function useComplaint(campaignId: string, reason: ComplaintReason | null, answered: () => void) {
  const { locale } = usePageContext()
  const form = useRef<HTMLFormElement>(null)
  const focusError = useFocusFirstError(form)
  const [values, setValues] = useState({ name: '', email: '', explanation: '' })
  const [errors, setErrors] = useState<ComplaintErrors>({})
  const [outcome, setOutcome] = useState<'success' | 'error'>('success')
  const [reference, setReference] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found: ComplaintErrors = checkSender(values, 'explanation')
    setErrors(found)
    if (Object.values(found).some(Boolean)) {
      focusError()
      return
    }
    setBusy(true)
    const answer = await postJson(
      '/api/political-ad-complaint',
      { ...values, reason, campaignId, locale },
      { submission: true },
    )
    setBusy(false)
    // Spec §8: a 400 with validationError INVALID_EMAIL marks the e-mail field, and any other field the
    // server names is marked too; the form stays, with the focus on the first.
    const refused = answer?.status === 400 ? refusedFields(answer.body) : null
    if (refused) {
      setErrors(refused)
      focusError()
      return
    }
    setOutcome(answer?.ok ? 'success' : 'error')
    setReference((answer?.ok && (answer.body as { reference?: string } | null)?.reference) || null)
    if (answer?.ok) setValues({ name: '', email: '', explanation: '' })
    answered()
  }

  return { form, values, setValues, errors, setErrors, outcome, reference, busy, submit }
}

export type Complaint = ReturnType<typeof useComplaint>
