import {
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useState,
} from 'react'
import type { Rule } from '#shared/privacy-rights/validation.ts'
import { MESSAGE_KEYS } from '#shared/privacy-rights/validation.ts'
import { useTranslate } from '../useTranslate'

/** A labelled input with its error: aria-invalid and aria-describedby point at the message (WCAG 3.3.1). */
export function TextField({
  label,
  error,
  hint,
  multiline,
  name,
  ...input
}: {
  label: string
  error: Rule | null | undefined
  hint?: ReactNode
  multiline?: boolean
  name: string
} & InputHTMLAttributes<HTMLInputElement & HTMLTextAreaElement>) {
  const t = useTranslate()
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  const common = {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'data-field': name,
    className: error ? 'field__input field__input--error' : 'field__input',
  }
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {multiline ? <textarea rows={5} {...common} {...input} /> : <input {...common} {...input} />}
      {error && (
        <p id={errorId} className="field__error">
          {t(MESSAGE_KEYS[error])}
        </p>
      )}
    </div>
  )
}

/** Moves focus to the first field in error after a refused submit. */
export function focusFirstError(form: HTMLElement | null) {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]')
  if (first) focusInView(first)
}

/** Room between the sticky header (and a stuck banner) and the field brought into view. */
const CLEARANCE_PX = 16

/**
 * Focuses a field and scrolls, when needed, so that the field with its label (or its group with the group's
 * legend) lies below the sticky header and any banner stuck under it (issue 20, WCAG 2.4.11): the browser's
 * own scrolling leaves a field that is partly visible where it is, under the header, and knows only the fixed
 * 90 px scroll padding of the document anchors. In a modal dialog the page's header is not in the way.
 */
export function focusInView(field: HTMLElement) {
  if (field.closest('dialog')) {
    field.focus()
    return
  }
  field.focus({ preventScroll: true })
  const covered = Math.max(
    0,
    ...[...document.querySelectorAll<HTMLElement>('.site-header, .banner-region')]
      .filter((element) => getComputedStyle(element).position === 'sticky' && stuck(element))
      .map((element) => element.getBoundingClientRect().bottom),
  )
  const top = (field.closest('.field, fieldset') ?? field).getBoundingClientRect().top
  const bottom = field.getBoundingClientRect().bottom
  if (top >= covered + CLEARANCE_PX && bottom <= window.innerHeight) return
  window.scrollBy({ top: top - covered - CLEARANCE_PX })
}

/** A sticky element that sits at its sticking place now (not further down the page). */
function stuck(element: HTMLElement): boolean {
  const top = Number.parseFloat(getComputedStyle(element).top) || 0
  return element.getBoundingClientRect().top <= top + 1
}

/**
 * Returns a function that moves focus to the first field in error once React has shown the errors set in
 * the same update (an effect runs after the commit; a timer or animation frame may run before it).
 */
export function useFocusFirstError(form: RefObject<HTMLElement | null>): () => void {
  const [requests, setRequests] = useState(0)
  useEffect(() => {
    if (requests > 0) focusFirstError(form.current)
  }, [requests, form])
  return useCallback(() => setRequests((n) => n + 1), [])
}

/** A labelled select: `options` are value and visible label pairs; an empty choice comes first when given. */
export function SelectField({
  id,
  name,
  label,
  value,
  onChange,
  options,
  empty,
}: {
  id: string
  name?: string
  label: string
  value: string
  onChange: (value: string) => void
  options: readonly (readonly [value: string, label: string])[]
  empty?: string
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="field__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  )
}
