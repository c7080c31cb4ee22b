import { CONTACT_SUBJECTS } from './contact'
import { LANGUAGES } from './locale'
import { BRAND_TYPES } from './phone'
import {
  CAMPAIGN_STATUSES,
  CHANNEL_FILTERS,
  COMPLAINT_REASONS,
  FUNDING_ORIGINS,
  FUNDING_REGIONS,
  LINKED_PROCESSES,
  PERIOD_FILTERS,
} from './political-ads'
import { REJECTION_REASONS } from './privacy-rights/desk'
import { FIGURE_ROWS } from './privacy-rights/figures'
import { COMMUNICATION_TYPES, FLOW_TYPES, SALUTATIONS, SUPPRESSION_CHANNELS } from './privacy-rights/request'
import { IDENTITY_CHECKS, STAFF_ACTIONS } from './privacy-rights/staff'

/**
 * Every map from a domain value to the phrase that names it, for pages and mails alike. The keys are typed
 * (`mail.flows.OBJECTION`), so `t(FLOW_LABELS[flow])` does not compile when a key is not in locales/nl.json;
 * test/i18n.test.ts reads every key here too. Where one value has two labels, the name says which is for what
 * (a form field is capitalised, a word in a sentence is not).
 */

/** `prefix` + each value: `labelsOf('mail.flows.', ['OBJECTION'])` → `{ OBJECTION: 'mail.flows.OBJECTION' }`. */
export function labelsOf<const Prefix extends string, const Value extends string>(
  prefix: Prefix,
  values: readonly Value[],
): { readonly [V in Value]: `${Prefix}${V}` } {
  return Object.fromEntries(values.map((value) => [value, `${prefix}${value}`])) as {
    [V in Value]: `${Prefix}${V}`
  }
}

/** The same, with the value in lower case in the key: `SALUTATIONS` → `…salutation_male`. */
function lowerLabelsOf<const Prefix extends string, const Value extends string>(
  prefix: Prefix,
  values: readonly Value[],
): { readonly [V in Value]: `${Prefix}${Lowercase<V>}` } {
  return Object.fromEntries(values.map((value) => [value, `${prefix}${value.toLowerCase()}`])) as {
    [V in Value]: `${Prefix}${Lowercase<V>}`
  }
}

/** A request's kind, in sentences and summaries (mails, the verification page). */
export const FLOW_LABELS = labelsOf('mail.flows.', FLOW_TYPES)

/** A marketing channel as a word in a summary (mails, the verification and staff processed pages). */
export const CHANNEL_LABELS = labelsOf('mail.channels.', COMMUNICATION_TYPES)

/** A channel's contact data (issue 27): on the verification page, and in the verification mail. */
export const CHANNEL_DATA_LABELS = lowerLabelsOf('verification.confirm.', SUPPRESSION_CHANNELS)
export const CHANNEL_DATA_MAIL_LABELS = lowerLabelsOf('mail.summary.', SUPPRESSION_CHANNELS)

/** A marketing channel as the label of its checkbox. */
export const CHANNEL_FIELD_LABELS = lowerLabelsOf('privacy_rights.channels.', COMMUNICATION_TYPES)

export const SALUTATION_LABELS = lowerLabelsOf('privacy_rights.form.salutation_', SALUTATIONS)

export const CONTACT_SUBJECT_LABELS = labelsOf('contact.subjects.', CONTACT_SUBJECTS)

/** A brand type of the phone page, and its "all" filter. */
export const BRAND_TYPE_LABELS = labelsOf('phone.types.', ['all', ...BRAND_TYPES])

export const CAMPAIGN_STATUS_LABELS = labelsOf('political_ads.status.', CAMPAIGN_STATUSES)

export const CAMPAIGN_CHANNEL_LABELS = labelsOf('political_ads.channels.', CHANNEL_FILTERS)

export const PERIOD_LABELS = labelsOf('political_ads.periods.', PERIOD_FILTERS)

/** Where a campaign's money comes from: origin (public, private) and region (EU, outside the EU). */
export const FUNDING_LABELS = labelsOf('political_ads.funding.', [...FUNDING_ORIGINS, ...FUNDING_REGIONS])

export const COMPLAINT_REASON_LABELS = labelsOf('political_ads.reasons.', COMPLAINT_REASONS)

/** Issue 18: the kind of vote or process a political ad is linked to. */
export const LINKED_PROCESS_LABELS = labelsOf('political_ads.processes.', LINKED_PROCESSES)

/** How staff checked a customer's identity: the form's choices. */
export const IDENTITY_CHECK_FIELD_LABELS = lowerLabelsOf('staff.form.identity_', IDENTITY_CHECKS)

/** How staff checked a customer's identity, as a word in the summary of what was recorded. */
export const IDENTITY_CHECK_LABELS = labelsOf('staff.processed.identity_', IDENTITY_CHECKS)

export const STAFF_ACTION_LABELS = labelsOf('staff.audit.', STAFF_ACTIONS)

/** The language of a staff form's customer. */
export const CUSTOMER_LANGUAGE_LABELS = labelsOf('staff.form.language_', ['nl', 'fr'])

/** A language by its own name, for the language switcher. */
export const LANGUAGE_NAME_LABELS = labelsOf('layout.language.', LANGUAGES)

/** Issue 20: a search result in another language than the page's says which (`(en néerlandais)`). */
export const SEARCH_LANGUAGE_LABELS = labelsOf('search.in_language.', LANGUAGES)

/** Issue 29: the public figures' rights (columns), metrics (rows) and grounds of refusal. */
export const FIGURE_RIGHT_LABELS = labelsOf('figures.rights.', FLOW_TYPES)
export const FIGURE_ROW_LABELS = labelsOf('figures.rows.', FIGURE_ROWS)
export const FIGURE_GROUND_LABELS = labelsOf('figures.grounds.', REJECTION_REASONS)
