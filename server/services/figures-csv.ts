import type { Translate } from '#shared/i18n/translate.ts'
import { FIGURE_GROUND_LABELS, FIGURE_RIGHT_LABELS, FIGURE_ROW_LABELS } from '#shared/labels.ts'
import { REJECTION_REASONS } from '#shared/privacy-rights/desk.ts'
import type { FiguresTable, PublicCount } from '#shared/privacy-rights/figures.ts'

/**
 * Issue 29: a figures table as CSV, one row per period and right: semicolons, UTF-8 with a BOM and CRLF, as
 * the site's other CSVs (a spreadsheet in the Low Countries opens it as it is), headers in the page's language,
 * decimals with its comma. "< 5" stays text.
 */
export function figuresCsv(table: FiguresTable<PublicCount>, t: Translate, lang: string): string {
  const decimal = new Intl.NumberFormat(lang, { useGrouping: false, maximumFractionDigits: 1 })
  const header = [
    t('figures.csv.period'),
    t('figures.csv.from'),
    t('figures.csv.to'),
    t('figures.csv.right'),
    t(FIGURE_ROW_LABELS.received),
    t(FIGURE_ROW_LABELS.verified),
    t(FIGURE_ROW_LABELS.completed),
    t(FIGURE_ROW_LABELS.rejected),
    ...REJECTION_REASONS.map((ground) => t(FIGURE_GROUND_LABELS[ground])),
    t(FIGURE_ROW_LABELS.extended),
    t('figures.csv.answered'),
    `${t(FIGURE_ROW_LABELS.withinDeadlinePercent)} (%)`,
    t(FIGURE_ROW_LABELS.medianDaysToAnswer),
    t(FIGURE_ROW_LABELS.executed),
  ]
  const rows = table.periods.flatMap((period) =>
    period.rights.map((right) => [
      period.period,
      period.from,
      period.to,
      t(FIGURE_RIGHT_LABELS[right.right]),
      right.received,
      right.verified,
      right.completed,
      right.rejected,
      ...REJECTION_REASONS.map((ground) => right.rejectedByGround[ground]),
      right.extended,
      right.answered,
      right.withinDeadlinePercent ?? '',
      right.medianDaysToAnswer === null ? '' : decimal.format(right.medianDaysToAnswer),
      right.executed,
    ]),
  )
  const line = (cells: readonly (string | number)[]) => cells.map((cell) => field(String(cell))).join(';')
  return `\uFEFF${[header, ...rows].map(line).join('\r\n')}\r\n`
}

/** Quoted when it holds a separator, a quote or a line break; a leading = + - @ cannot start a formula. */
function field(value: string): string {
  const safe = /^[=+\-@]/.test(value) && !/^-?\d+$/.test(value) ? `'${value}` : value
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}
