/**
 * Every CSV the site writes (issue 27), the open-data export and the desk's queue alike: cells separated by
 * `;`, UTF-8 with a byte-order mark (so a spreadsheet in the Low Countries opens it in columns, accents
 * intact), lines ended by CRLF. A cell a spreadsheet would run as a formula (one starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return) gets a leading `'`; a number (`-3`) stays a number. The import of our own
 * export takes the `'` off again (`csvValue`).
 */

const FORMULA = /^'*[=+\-@\t\r]/
const NUMBER = /^-?\d+(?:\.\d+)?$/

export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return ''
  const text = String(value)
  const safe = FORMULA.test(text) && !NUMBER.test(text) ? `'${text}` : text
  return /[;,"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** A whole file: each row's cells, the header first. */
export function csvFile(rows: readonly (readonly unknown[])[]): string {
  return `${CSV_BOM}${csvLines(rows)}`
}

/** The byte-order mark a file starts with: a file streamed a page at a time (issue 30) writes it first. */
export const CSV_BOM = '\uFEFF'

/** Rows of a file, each ended by CRLF: a streamed file's pages, which joined after CSV_BOM make csvFile. */
export function csvLines(rows: readonly (readonly unknown[])[]): string {
  return rows.map((cells) => `${cells.map(csvCell).join(';')}\r\n`).join('')
}

/** What a cell said before csvCell neutralised it. */
export function csvValue(cell: string): string {
  return /^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell
}
