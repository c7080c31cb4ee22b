import { labelsOf } from './labels'
import { LANGUAGES } from './locale'
import { COMPLAINT_OUTCOMES, COMPLAINT_STATUSES } from './political-ads'
import {
  DESK_ACTIONS,
  DESK_CSV_COLUMNS,
  DESK_MAIL_KINDS,
  EVENT_KINDS,
  REJECTION_REASONS,
  REQUEST_STATUSES,
} from './privacy-rights/desk'
import { TASK_OUTCOMES, TASK_REFUSAL_GROUNDS } from './privacy-rights/tasks'
import { COUNTRIES } from './site'

/**
 * The privacy desk's labels (issue 16), apart from shared/labels.ts so that the public pages' common
 * script does not carry them; test/i18n.test.ts reads their keys too.
 */
export const REQUEST_STATUS_LABELS = labelsOf('staff.desk.status.', REQUEST_STATUSES)
export const REJECTION_REASON_LABELS = labelsOf('staff.desk.rejection.', REJECTION_REASONS)
export const EVENT_LABELS = labelsOf('staff.desk.event.', EVENT_KINDS)
export const COUNTRY_LABELS = labelsOf('staff.desk.country.', COUNTRIES)
/** The language a requester or sender wrote in, named in the team's language: the team answers in it. */
export const SENDER_LANGUAGE_LABELS = labelsOf('mail.team.languages.', LANGUAGES)
export const DESK_MAIL_LABELS = labelsOf('staff.desk.mail.', DESK_MAIL_KINDS)
export const DESK_DONE_LABELS = labelsOf('staff.desk.done.', DESK_ACTIONS)
/** The desk CSV's headers, in the export's language (issue 27). */
export const DESK_CSV_COLUMN_LABELS = labelsOf('staff.desk.csv.columns.', DESK_CSV_COLUMNS)
export const STATUS_REPLY_LABELS = labelsOf('privacy_rights.status.reply_', [
  'extended',
  'completed',
  'rejected',
])

/** Issue 18: a political-ad complaint's statuses and outcomes. */
export const COMPLAINT_STATUS_LABELS = labelsOf('staff.complaints.status.', COMPLAINT_STATUSES)
export const COMPLAINT_OUTCOME_LABELS = labelsOf('staff.complaints.status.', COMPLAINT_OUTCOMES)

/**
 * Issue 25: a brand system's answer, as the desk, the requester's status page and the access package name
 * it; and the state of its task.
 */
export const TASK_OUTCOME_LABELS = labelsOf('tasks.outcome.', TASK_OUTCOMES)
export const TASK_REFUSAL_LABELS = labelsOf('tasks.refusal.', TASK_REFUSAL_GROUNDS)
export const TASK_STATE_LABELS = labelsOf('tasks.state.', ['waiting', 'overdue', 'answered', 'closed'])
