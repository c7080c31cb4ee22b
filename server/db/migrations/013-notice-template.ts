import type { Kysely } from 'kysely'
import { textColumns } from '../schema-builders'

/**
 * Issue 18: the elements of the transparency-notice template of Implementing Regulation (EU) 2025/1410 that
 * had no column yet (docs/decisions/005-notice-elements.md): the legal name and place of establishment of
 * the sponsor, its controlling entity and the payer, where different; the sponsor's registration number;
 * the value of other benefits received.
 */
const columns = textColumns('campaign_items', [
  'sponsor_legal_name',
  'sponsor_establishment',
  'sponsor_registration_number',
  'payer_legal_name',
  'payer_establishment',
  'ubo_legal_name',
  'ubo_establishment',
  'other_benefits',
])

export const noticeTemplateMigration = {
  up: (db: Kysely<unknown>) => columns.add(db),
  down: (db: Kysely<unknown>) => columns.drop(db),
}
