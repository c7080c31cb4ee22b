/**
 * The mails the site sends, by whom they go to (issue 31: one module each, re-exported here): the requester's,
 * the teams' and the brand systems', contact and complaints; layout.ts makes their text and HTML parts.
 */
export {
  complaintAcknowledgementMail,
  complaintOutcomeMail,
  complaintTeamMail,
  contactAcknowledgementMail,
  customerServiceMail,
} from './contact-mails'
export type { NamedRequest, RenderedMail } from './layout'
export {
  codeMail,
  expiredMail,
  extensionMail,
  objectionProcessedMail,
  preferenceLinkMail,
  receiptMail,
  rejectionMail,
  reminderMail,
  replyMail,
  verificationMail,
} from './requester-mails'
export {
  digestMail,
  type OverdueTaskLine,
  overdueTasksMail,
  privacyTeamMail,
  repositoryDigestMail,
  UNCONFIRMED_LISTED,
  unconfirmedMail,
} from './team-mails'
