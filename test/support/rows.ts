import type { Insertable } from 'kysely'
import type { PrivacyRequestTable } from '#server/db/schema.ts'

/**
 * A privacy request as a test writes it straight into its table (many rows at once, or a state the site would
 * take weeks to reach): a Dutch access request unless the test says otherwise; every nullable column empty.
 */
export function requestRow(
  row: Pick<Insertable<PrivacyRequestTable>, 'id' | 'status' | 'created_at'> &
    Partial<Insertable<PrivacyRequestTable>>,
): Insertable<PrivacyRequestTable> {
  return {
    flow_type: 'RIGHT_OF_ACCESS',
    country: 'NL',
    language: 'nl',
    brands: '[]',
    communication_types: '[]',
    ...row,
  }
}
