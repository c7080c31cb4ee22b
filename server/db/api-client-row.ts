import type { Selectable } from 'kysely'
import type { Country } from '#shared/site.ts'
import type { ApiClientTable } from './schema'

/** Issue 31 (moved from api-client-repository.ts): a brand system's client as the code reads its row. */

export interface ApiClient {
  id: string
  name: string
  country: Country
  /** The brand keys it may see; null: every brand of its country. */
  brands: string[] | null
  createdAt: string
  revokedAt: string | null
  /** Whether it may receive contact data (e-mail, phone, address), or only ids and references. */
  contactData: boolean
  /** Issue 25: whether it takes access, erasure and rectification tasks. */
  tasks: boolean
  /** Issue 25: whom to mail when one of its tasks is overdue; null: nobody. */
  contactEmail: string | null
}

export function toClient(row: Selectable<ApiClientTable>): ApiClient {
  return {
    id: row.id,
    name: row.name,
    country: row.country as Country,
    brands: row.brands ? (JSON.parse(row.brands) as string[]) : null,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    contactData: Number(row.contact_data) === 1,
    tasks: Number(row.tasks) === 1,
    contactEmail: row.contact_email,
  }
}
