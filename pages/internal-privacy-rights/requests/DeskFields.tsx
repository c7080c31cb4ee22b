import { createContext, type ReactNode, useContext, useId } from 'react'
import { useTranslate } from '#renderer/useTranslate.tsx'

/** The desk's plain form fields: named, labelled, and read by FormData or a GET form, never held in state. */

/** The names of an action form's fields refused as blank (set by `ActionForm` when it is sent). */
const BlankFields = createContext<readonly string[]>([])
export const FieldErrors = BlankFields.Provider

/** A field's refusal, when its form refused it as blank: the attributes for the control and the message. */
function useBlankError(name: string, message: string, describedBy?: string) {
  const refused = useContext(BlankFields).includes(name)
  const errorId = `${useId()}-error`
  const ids = [describedBy, refused ? errorId : undefined].filter(Boolean).join(' ')
  return {
    control: {
      'aria-invalid': refused ? true : undefined,
      'aria-describedby': ids || undefined,
    },
    message: refused ? (
      <span id={errorId} className="field__error">
        {message}
      </span>
    ) : null,
    className: refused ? 'field__input field__input--error' : 'field__input',
  }
}

export function DeskSelect({
  label,
  name,
  value,
  options,
  placeholder,
}: {
  label: string
  name: string
  value: string | undefined
  options: readonly (readonly [value: string, label: string])[]
  /** The empty first option: "all" in a filter, "choose one" in an action (then the field is required). */
  placeholder: { label: string; required?: boolean }
}) {
  const t = useTranslate()
  const blank = useBlankError(name, t('staff.desk.field.choose'))
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select
        className={blank.className}
        name={name}
        defaultValue={value ?? ''}
        required={placeholder.required}
        {...blank.control}
      >
        <option value="" disabled={placeholder.required}>
          {placeholder.label}
        </option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
      {blank.message}
    </label>
  )
}

export function DeskTextArea({
  label,
  name,
  rows,
  defaultValue,
  required = true,
  hint,
  lang,
}: {
  label: string
  name: string
  rows: number
  defaultValue?: string
  required?: boolean
  hint?: string
  /** The language the text is written in, when it is not the desk's (a reply in the request's language). */
  lang?: string
}) {
  const t = useTranslate()
  const hintId = `${useId()}-hint`
  const blank = useBlankError(name, t('staff.desk.field.blank'), hint ? hintId : undefined)
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      {hint && (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      )}
      <textarea
        className={blank.className}
        name={name}
        rows={rows}
        required={required}
        defaultValue={defaultValue}
        lang={lang}
        {...blank.control}
      />
      {blank.message}
    </label>
  )
}

/**
 * A staff table: a column heading each, and a row per item whose first cell (a link to the item) may head the
 * row. It scrolls sideways on a narrow screen rather than squeezing the columns (or breaking words), inside a
 * region named by the section's heading that takes the focus, so the keyboard can scroll it (issue 32).
 */
export function DeskTable({
  labelledBy,
  headings,
  rows,
  narrow = false,
}: {
  /** The id of the heading that names the table's scroll region. */
  labelledBy: string
  headings: readonly string[]
  /** `head`: the row's header cell (the first column), when the row has one. */
  rows: readonly { key: string; head?: ReactNode; cells: readonly ReactNode[] }[]
  /** Few columns: the table fits a phone, its long words wrap. */
  narrow?: boolean
}) {
  const t = useTranslate()
  const kindId = `${useId()}-kind`
  const table = (
    <table className={narrow ? 'desk-table desk-table--narrow' : 'desk-table'}>
      <thead>
        <tr>
          {headings.map((heading) => (
            <th key={heading} scope="col">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.head !== undefined && <th scope="row">{row.head}</th>}
            {row.cells.map((cell, index) => (
              // The columns are fixed per list: their position is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells never reorder
              <td key={index}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
  // The region is named '<heading> table', apart from the section the heading already names.
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section className="desk-table__scroll" aria-labelledby={`${labelledBy} ${kindId}`} tabIndex={0}>
      <span id={kindId} hidden>
        {t('staff.desk.field.table')}
      </span>
      {table}
    </section>
  )
}

/** An action with a choice and a message to the person concerned (a refusal's ground, a complaint's outcome). */
export function choiceFields(
  [label, name, choose]: readonly [label: string, name: string, choose: string],
  options: readonly (readonly [string, string])[],
  message: string,
  /** The language the message is written in, when it is not the desk's. */
  lang?: string,
) {
  return (
    <>
      <DeskSelect
        label={label}
        name={name}
        value=""
        options={options}
        placeholder={{ label: choose, required: true }}
      />
      <DeskTextArea label={message} name="message" rows={6} lang={lang} />
    </>
  )
}

/** The desk lists' pages: previous and next links, as plain links so a page can be bookmarked. */
export function DeskPager({
  total,
  offset,
  pageSize,
  href,
}: {
  total: number
  offset: number
  pageSize: number
  /** The list's address at that offset. */
  href: (offset: number) => string
}) {
  const t = useTranslate()
  if (total <= pageSize) return null
  return (
    <nav className="desk-pager" aria-label={t('staff.desk.queue.pages')}>
      {offset > 0 && <a href={href(Math.max(0, offset - pageSize))}>{t('staff.desk.queue.previous')}</a>}
      {offset + pageSize < total && <a href={href(offset + pageSize)}>{t('staff.desk.queue.next')}</a>}
    </nav>
  )
}
