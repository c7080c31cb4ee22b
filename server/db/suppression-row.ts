import type { Selectable } from 'kysely'
import type { PostalName, SuppressionChannel, UserInfo } from '#shared/privacy-rights/request.ts'
import type { Country } from '#shared/site.ts'
import type { MarketingSuppressionTable } from './schema'

/** Issue 31: a direct-marketing suppression as the code reads its row (the request's list, the brands' feed). */

export interface Suppression {
  channel: SuppressionChannel
  brandKey: string
  country: Country
  email: string | null
  phoneNumber: string | null
  postalAddress: UserInfo['address'] | null
  /** On POSTAL: who objected at the address (issue 27). */
  postalName?: PostalName | null
  requestId: string
}

type SuppressionColumns = Pick<
  Selectable<MarketingSuppressionTable>,
  'channel' | 'brand_key' | 'country' | 'email' | 'phone_number' | 'postal_address' | 'postal_name'
>

/** What is suppressed, for whom, on which channel: the row's columns in domain words, its request aside. */
export function toSuppression(row: SuppressionColumns): Omit<Suppression, 'requestId'> {
  return {
    channel: row.channel as SuppressionChannel,
    brandKey: row.brand_key,
    country: row.country as Country,
    email: row.email,
    phoneNumber: row.phone_number,
    postalAddress: row.postal_address ? (JSON.parse(row.postal_address) as UserInfo['address']) : null,
    postalName: row.postal_name ? (JSON.parse(row.postal_name) as PostalName) : null,
  }
}
