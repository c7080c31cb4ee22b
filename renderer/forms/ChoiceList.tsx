import type { ReactNode } from 'react'
import { useTranslate } from '#renderer/useTranslate.tsx'

/**
 * Issue 31: a fieldset of check boxes or radio buttons, its legend and its one error ("choose one", spec §5),
 * marked on the first choice; what follows the choices (a note field) goes in `children`. Used by the
 * objection's channels and the staff form's identity check.
 */
export function ChoiceList<V extends string>({
  type,
  name,
  legend,
  errorId,
  error,
  choices,
  checked,
  onChange,
  children,
}: {
  type: 'checkbox' | 'radio'
  name: string
  legend: string
  errorId: string
  error: boolean
  choices: readonly { value: V; label: string }[]
  checked: (value: V) => boolean
  onChange: (value: V, on: boolean) => void
  children?: ReactNode
}) {
  const t = useTranslate()
  return (
    <fieldset className="fieldset" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {error && (
        <p id={errorId} className="field__error">
          {t('validation.required_option')}
        </p>
      )}
      {choices.map(({ value, label }, index) => (
        <label key={value} className="check">
          <input
            type={type}
            name={name}
            value={value}
            checked={checked(value)}
            aria-invalid={(index === 0 && error) || undefined}
            onChange={(event) => onChange(value, event.target.checked)}
          />
          <span>{label}</span>
        </label>
      ))}
      {children}
    </fieldset>
  )
}
