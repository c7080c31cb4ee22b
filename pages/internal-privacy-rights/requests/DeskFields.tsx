import type { ReactNode } from 'react'
import { useTranslate } from '#renderer/useTranslate.tsx'
/** The desk's plain form fields: named, labelled, and read by FormData or a GET form, never held in state. */

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
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select className="field__input" name={name} defaultValue={value ?? ''} required={placeholder.required}>
        <option value="" disabled={placeholder.required}>
          {placeholder.label}
        </option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
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
}: {
  label: string
  name: string
  rows: number
  defaultValue?: string
  required?: boolean
  hint?: string
}) {
  const hintId = `${name}-hint`
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      {hint && (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      )}
      <textarea
        className="field__input"
        name={name}
        rows={rows}
        required={required}
        defaultValue={defaultValue}
        aria-describedby={hint ? hintId : undefined}
      />
    </label>
  )
}

/**
 * A staff table: a column heading each, and a row per item whose first cell (a link to the item) may head the
 * row. It scrolls sideways on a narrow screen rather than squeezing the columns.
 */
export function DeskTable({
  headings,
  rows,
  narrow = false,
  focusable = false,
}: {
  headings: readonly string[]
  /** `head`: the row's header cell (the first column), when the row has one. */
  rows: readonly { key: string; head?: ReactNode; cells: readonly ReactNode[] }[]
  /** Few columns: the table fits a phone, its long words wrap. */
  narrow?: boolean
  /** A table without links: the scroll region itself takes the focus, so the keyboard can scroll it. */
  focusable?: boolean
}) {
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
  return focusable ? (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <div className="desk-table__scroll" tabIndex={0}>
      {table}
    </div>
  ) : (
    <div className="desk-table__scroll">{table}</div>
  )
}

/** An action with a choice and a message to the person concerned (a refusal's ground, a complaint's outcome). */
export function choiceFields(
  [label, name, choose]: readonly [label: string, name: string, choose: string],
  options: readonly (readonly [string, string])[],
  message: string,
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
      <DeskTextArea label={message} name="message" rows={6} />
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
