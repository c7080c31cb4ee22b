import { type ReactNode, useState } from 'react'
import { phoneOrNothing } from '#shared/privacy-rights/request.ts'
import type { PhoneReader, Rule } from '#shared/privacy-rights/validation.ts'
import { usePageContext } from '../usePageContext'
import { TextField } from './Field'
import { loadPhoneReader } from './phone-reader'

/**
 * A phone number as people write it (issue 27): no key is refused, so typing, pasting and autofill give the
 * same text. On leaving the field the text is read in the site's country (`0470 12 34 56` in Belgium,
 * `06 12 34 56 78` in the Netherlands, or any international notation) and shown back as it will be stored
 * (`+32 470 12 34 56`); text that is no valid number keeps its place and gets the field's message.
 */
export function PhoneField({
  name,
  label,
  hint,
  required,
  maxLength,
  value,
  onChange,
  error,
  setError,
}: {
  name: string
  label: string
  hint?: ReactNode
  required?: boolean
  maxLength: number
  value: string
  onChange: (value: string) => void
  error: Rule | undefined
  setError: (rule: Rule | undefined) => void
}) {
  const { site } = usePageContext()
  // The numbering plans load when the field is first reached, not with the page (nor with the contact form).
  const [reader, setReader] = useState<PhoneReader | null>(null)
  return (
    <TextField
      name={name}
      type="tel"
      label={label}
      hint={hint}
      error={error}
      required={required}
      maxLength={maxLength}
      value={value}
      autoComplete="tel"
      onFocus={() => {
        if (!reader) void loadPhoneReader().then((read) => setReader(() => read))
      }}
      onChange={(event) => {
        const text = event.target.value
        onChange(text)
        // Once marked, the message goes as soon as the text is a number.
        if (error && reader)
          setError(phoneOrNothing(text) && !reader(text, site.country) ? 'phone' : undefined)
      }}
      onBlur={async (event) => {
        const text = event.target.value
        // A lone "+" is the empty field (spec §4): nothing to check yet.
        if (!phoneOrNothing(text)) return
        const read = (await loadPhoneReader())(text, site.country)
        if (!read) {
          setError('phone')
          return
        }
        if (read.international !== text) onChange(read.international)
        setError(undefined)
      }}
    />
  )
}
