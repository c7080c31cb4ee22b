import type {
  ApiCallTable,
  ApiClientPreviousSecretTable,
  ApiClientTable,
  BrandTaskTable,
  FeedSequenceTable,
  SuppressionAppliedTable,
  TaskFileChunkTable,
  TaskFileTable,
  WebhookDeliveryTable,
  WebhookEndpointTable,
} from './schema-clients'
import type {
  CampaignItemTable,
  CampaignItemTombstoneTable,
  CampaignItemVersionTable,
  CampaignItemWithdrawalTable,
  ComplaintEventTable,
  NoticeArchiveTable,
  NoticeJournalTable,
  NoticeRepositoryExportTable,
  PoliticalAdComplaintTable,
} from './schema-notices'
import type {
  ContactMessageTable,
  JobLeaseTable,
  JobRunTable,
  MailOutboxTable,
  MarketingSuppressionTable,
  PreferenceTokenTable,
  PrivacyRequestTable,
  RequestEventTable,
  RequestTallyTable,
  StaffAuditLogTable,
  StaffSessionTable,
  UnsubscribeKeyTable,
  VerificationTokenTable,
} from './schema-requests'

export type * from './schema-clients'
export type * from './schema-notices'
export type * from './schema-requests'

/**
 * The tables, as both SQLite and PostgreSQL hold them (DESIGN.md §5): ids are text made by the app,
 * timestamps ISO-8601 UTC text, JSON as text, booleans as 0/1. Rows never leave the repositories.
 */
export interface Database {
  privacy_requests: PrivacyRequestTable
  verification_tokens: VerificationTokenTable
  marketing_suppressions: MarketingSuppressionTable
  contact_messages: ContactMessageTable
  political_ad_complaints: PoliticalAdComplaintTable
  mail_outbox: MailOutboxTable
  campaign_items: CampaignItemTable
  staff_sessions: StaffSessionTable
  staff_audit_log: StaffAuditLogTable
  request_events: RequestEventTable
  job_runs: JobRunTable
  job_leases: JobLeaseTable
  feed_sequence: FeedSequenceTable
  api_clients: ApiClientTable
  api_client_previous_secrets: ApiClientPreviousSecretTable
  api_calls: ApiCallTable
  suppression_applied: SuppressionAppliedTable
  webhook_endpoints: WebhookEndpointTable
  webhook_deliveries: WebhookDeliveryTable
  campaign_item_versions: CampaignItemVersionTable
  complaint_events: ComplaintEventTable
  campaign_item_tombstones: CampaignItemTombstoneTable
  campaign_item_withdrawals: CampaignItemWithdrawalTable
  brand_tasks: BrandTaskTable
  task_files: TaskFileTable
  task_file_chunks: TaskFileChunkTable
  preference_tokens: PreferenceTokenTable
  unsubscribe_keys: UnsubscribeKeyTable
  request_tallies: RequestTallyTable
  notice_journal: NoticeJournalTable
  notice_archive: NoticeArchiveTable
  notice_repository_exports: NoticeRepositoryExportTable
}
