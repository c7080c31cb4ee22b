/**
 * Issue 27: no free text may hold a control character: a NUL in a staff reply would be stored and mailed, and
 * such bytes confuse every reader after us (mail clients, spreadsheets, brand systems). Tab, line feed and
 * carriage return are text; every other C0 control, DEL and the C1 controls are not.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this rule's purpose
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/

/** The paths (`userInfo.firstName`, `items.2`) of every string in `value` that holds a control character. */
export function controlCharacterFields(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? [path || '(body)'] : []
  if (Array.isArray(value))
    return value.flatMap((item, index) => controlCharacterFields(item, join(path, index)))
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => [
      ...(CONTROL_CHARACTER.test(key) ? [join(path, key)] : []),
      ...controlCharacterFields(item, join(path, key)),
    ])
  return []
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key))
