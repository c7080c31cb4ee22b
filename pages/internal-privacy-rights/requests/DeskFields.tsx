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
}: {
  label: string
  name: string
  rows: number
  defaultValue?: string
}) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <textarea className="field__input" name={name} rows={rows} required defaultValue={defaultValue} />
    </label>
  )
}
