import type { PhraseKey } from './i18n/translate'
import { EXPORT_COLUMNS, type ExportColumn } from './political-ads'

/**
 * The open-data CSV's headers, in the language of the page it is downloaded from (issue 27): the column
 * `urls.nl` is `political_ads.export_columns.urls_nl`. Apart from shared/labels.ts, as only the server writes
 * and reads them (the export, and the import that maps a header back to its field); test/i18n.test.ts reads
 * their keys too.
 */
export const EXPORT_COLUMN_LABELS = Object.fromEntries(
  EXPORT_COLUMNS.map((column) => [column, `political_ads.export_columns.${column.replace('.', '_')}`]),
) as Readonly<Record<ExportColumn, PhraseKey>>
