import { checkEmail, checkRequired, type Rule } from './privacy-rights/validation'

/**
 * Spec §5 for the contact form and the complaint: a name, a valid e-mail address and a text (the question,
 * the explanation) are required. The forms show these at once; the services check them again.
 */
export function checkSender<T extends string>(
  values: { name: string; email: string } & Record<T, string>,
  textField: T,
): Partial<Record<'name' | 'email' | T, Rule>> {
  const found: Partial<Record<string, Rule>> = {}
  const name = checkRequired(values.name)
  const email = checkEmail(values.email, true)
  const text = checkRequired(values[textField])
  if (name) found.name = name
  if (email) found.email = email
  if (text) found[textField] = text
  return found as Partial<Record<'name' | 'email' | T, Rule>>
}

/** The same, as the API's list of failing fields. */
export function senderErrors<T extends string>(
  values: { name: string; email: string } & Record<T, string>,
  textField: T,
): { field: string; rule: string }[] {
  return Object.entries(checkSender(values, textField)).map(([field, rule]) => ({
    field,
    rule: String(rule),
  }))
}
