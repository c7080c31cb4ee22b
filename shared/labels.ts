import type { ContactSubject } from './contact'
import type { PhraseKey } from './i18n/translate'
import type { Language } from './locale'
import type { BrandType } from './phone'
import type { CampaignStatus, ChannelFilter, ComplaintReason, PeriodFilter } from './political-ads'
import type { CommunicationType, FlowType, Salutation } from './privacy-rights/request'
import type { IdentityCheck, StaffAction } from './privacy-rights/staff'

/**
 * Every map from a domain value to the phrase that names it, for pages and mails alike: one place, typed, so a
 * value without a label or a label without a phrase does not compile. Where one value has two labels, the name
 * says which is for what (a form field is capitalised, a word in a sentence is not).
 */

/** A request's kind, in sentences and summaries (mails, the verification page). */
export const FLOW_LABELS = {
  RIGHT_OF_ACCESS: 'mail.flows.RIGHT_OF_ACCESS',
  RIGHT_TO_BE_FORGOTTEN: 'mail.flows.RIGHT_TO_BE_FORGOTTEN',
  OBJECTION: 'mail.flows.OBJECTION',
  RECTIFICATION: 'mail.flows.RECTIFICATION',
  REMOVAL_FROM_PUBLICATION: 'mail.flows.REMOVAL_FROM_PUBLICATION',
} as const satisfies Record<FlowType, PhraseKey>

/** A marketing channel as a word in a summary (mails, the verification and staff processed pages). */
export const CHANNEL_LABELS = {
  PHONE: 'mail.channels.PHONE',
  EMAIL: 'mail.channels.EMAIL',
  POSTAL: 'mail.channels.POSTAL',
  NOTIFICATIONS: 'mail.channels.NOTIFICATIONS',
} as const satisfies Record<CommunicationType, PhraseKey>

/** A marketing channel as the label of its checkbox. */
export const CHANNEL_FIELD_LABELS = {
  PHONE: 'privacy_rights.channels.phone',
  EMAIL: 'privacy_rights.channels.email',
  POSTAL: 'privacy_rights.channels.postal',
  NOTIFICATIONS: 'privacy_rights.channels.notifications',
} as const satisfies Record<CommunicationType, PhraseKey>

export const SALUTATION_LABELS = {
  MALE: 'privacy_rights.form.salutation_male',
  FEMALE: 'privacy_rights.form.salutation_female',
  NONE: 'privacy_rights.form.salutation_none',
} as const satisfies Record<Salutation, PhraseKey>

export const CONTACT_SUBJECT_LABELS = {
  subscription: 'contact.subjects.subscription',
  delivery: 'contact.subjects.delivery',
  account: 'contact.subjects.account',
  privacy: 'contact.subjects.privacy',
  advertising: 'contact.subjects.advertising',
  other: 'contact.subjects.other',
} as const satisfies Record<ContactSubject, PhraseKey>

export const BRAND_TYPE_LABELS = {
  all: 'phone.types.all',
  news: 'phone.types.news',
  online_only: 'phone.types.online_only',
  radio: 'phone.types.radio',
  lifestyle: 'phone.types.lifestyle',
  tv: 'phone.types.tv',
} as const satisfies Record<BrandType | 'all', PhraseKey>

export const CAMPAIGN_STATUS_LABELS = {
  RUNNING: 'political_ads.status.RUNNING',
  CANCELLED: 'political_ads.status.CANCELLED',
  STOPPED: 'political_ads.status.STOPPED',
} as const satisfies Record<CampaignStatus, PhraseKey>

export const CAMPAIGN_CHANNEL_LABELS = {
  ALL: 'political_ads.channels.ALL',
  PRINT: 'political_ads.channels.PRINT',
  DIGITAL: 'political_ads.channels.DIGITAL',
  TV: 'political_ads.channels.TV',
  RADIO: 'political_ads.channels.RADIO',
} as const satisfies Record<ChannelFilter, PhraseKey>

export const PERIOD_LABELS = {
  ALL: 'political_ads.periods.ALL',
  PAST_7_DAYS: 'political_ads.periods.PAST_7_DAYS',
  PAST_30_DAYS: 'political_ads.periods.PAST_30_DAYS',
  PAST_YEAR: 'political_ads.periods.PAST_YEAR',
} as const satisfies Record<PeriodFilter, PhraseKey>

/** Where a campaign's money comes from: origin (public, private) and region (EU, outside the EU). */
export const FUNDING_LABELS = {
  PUBLIC: 'political_ads.funding.PUBLIC',
  PRIVATE: 'political_ads.funding.PRIVATE',
  EU: 'political_ads.funding.EU',
  NON_EU: 'political_ads.funding.NON_EU',
} as const satisfies Record<string, PhraseKey>

export const COMPLAINT_REASON_LABELS = {
  MISLEADING: 'political_ads.reasons.MISLEADING',
  INCORRECT: 'political_ads.reasons.INCORRECT',
  DISCRIMINATORY: 'political_ads.reasons.DISCRIMINATORY',
  ALCOHOL_DRUGS_SEX: 'political_ads.reasons.ALCOHOL_DRUGS_SEX',
} as const satisfies Record<ComplaintReason, PhraseKey>

/** How staff checked a customer's identity: the form's choices. */
export const IDENTITY_CHECK_FIELD_LABELS = {
  PHONE_CALL: 'staff.form.identity_phone_call',
  LETTER: 'staff.form.identity_letter',
  EMAIL: 'staff.form.identity_email',
} as const satisfies Record<IdentityCheck, PhraseKey>

/** How staff checked a customer's identity, as a word in the summary of what was recorded. */
export const IDENTITY_CHECK_LABELS = {
  PHONE_CALL: 'staff.processed.identity_PHONE_CALL',
  LETTER: 'staff.processed.identity_LETTER',
  EMAIL: 'staff.processed.identity_EMAIL',
} as const satisfies Record<IdentityCheck, PhraseKey>

export const STAFF_ACTION_LABELS = {
  SIGN_IN: 'staff.audit.SIGN_IN',
  SIGN_OUT: 'staff.audit.SIGN_OUT',
  SIGN_IN_REFUSED: 'staff.audit.SIGN_IN_REFUSED',
  OBJECTION_RECORDED: 'staff.audit.OBJECTION_RECORDED',
} as const satisfies Record<StaffAction, PhraseKey>

/** The language of a staff form's customer. */
export const CUSTOMER_LANGUAGE_LABELS = {
  nl: 'staff.form.language_nl',
  fr: 'staff.form.language_fr',
} as const satisfies Partial<Record<Language, PhraseKey>>

/** A language by its own name, for the language switcher. */
export const LANGUAGE_NAME_LABELS = {
  nl: 'layout.language.nl',
  fr: 'layout.language.fr',
  en: 'layout.language.en',
} as const satisfies Record<Language, PhraseKey>
