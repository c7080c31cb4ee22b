import type { TextBlock } from './document-history'
import type { PhraseKey } from './i18n/translate'
import type { Locale } from './locale'

/** Spec §2 'Document keys'. Every key is a document the site can show; spec §3 'Document entry'. */

const POLICIES = [
  'privacy-policy',
  'privacy-policy-participants',
  'privacy-policy-applicants',
  'privacy-policy-events',
  'privacy-policy-mijn-duurzame-woning',
  'privacy-policy-kidsweek',
  'privacy-policy-jez',
  'cookie-policy',
  'cookie-policy-kidsweek',
  'cookie-policy-jez',
  'cookie-policy-donald-duck-app',
  'terms-of-use',
  'responsible-disclosure-policy',
  'contest-rules',
  'brands-permissions',
  'cookie-list',
  'marketing-phone-numbers',
  'terms-and-conditions-vtm-go-plus',
  'terms-and-conditions-vtm-go-cinema',
  'terms-and-conditions-ad-free',
  'terms-of-use-b2b-subscription',
  'terms-of-use-subscription-dm',
  'terms-of-use-subscription-hln',
  'terms-of-use-subscription-humo',
] as const

/** The products of the general subscription conditions, each for -nl and -be. */
export const SUBSCRIPTION_PRODUCTS = ['digitaal', 'papier'] as const

const SUBSCRIPTION_CONDITIONS = [
  ...SUBSCRIPTION_PRODUCTS.flatMap((product) => [
    `abonnementsvoorwaarden-algemeen-${product}-nl`,
    `abonnementsvoorwaarden-algemeen-${product}-be`,
  ]),
  'abonnementsvoorwaarden-gratis-kranten-nl',
  'abonnementsvoorwaarden-gratis-kranten-be',
  'abonnementsvoorwaarden-tijdschrift',
  'abonnementsvoorwaarden-magazines',
  'abonnementsvoorwaarden-ed',
  'abonnementsvoorwaarden-vk',
  'abonnementsvoorwaarden-zakelijk',
]

const ACTION_CONDITIONS = [
  'actievoorwaarden-libelle',
  'actievoorwaarden-nieuwsbrief',
  'actievoorwaarden-algemeen',
  'actievoorwaarden-kranten-magazines',
  'actievoorwaarden-kiosk-2025',
]

/** Every document key, in lower case: the name of its content file. */
export const DOCUMENT_KEYS: readonly string[] = [
  ...POLICIES,
  ...SUBSCRIPTION_CONDITIONS,
  ...ACTION_CONDITIONS,
]

/**
 * The general subscription conditions are also linked with the country in upper case
 * (`abonnementsvoorwaarden-algemeen-digitaal-NL`); both spellings name the same document.
 */
export function canonicalDocumentKey(key: string): string | null {
  const normalised = /^abonnementsvoorwaarden-algemeen-[a-z]+-(NL|BE)$/.test(key)
    ? key.slice(0, -2) + key.slice(-2).toLowerCase()
    : key
  return DOCUMENT_KEYS.includes(normalised) ? normalised : null
}

/** Spec §3 'Document entry': the phrase key of a document's display title. */
export function documentTitleKey(key: string): PhraseKey {
  // Derived, so no type can list them: test/i18n.test.ts checks that every document key has its title.
  return `documents.titles.${key}` as PhraseKey
}

/** Spec §2 'Document page': the pills that switch between policies, with the phrase key of their label. */
const PILLS = {
  'privacy-policy': 'document.pills.consumers',
  'privacy-policy-participants': 'document.pills.participants',
  'privacy-policy-applicants': 'document.pills.applicants',
  'privacy-policy-events': 'document.pills.events',
} as const

export function policyPills(locale: string): { key: string; labelKey: PhraseKey }[] {
  const keys: (keyof typeof PILLS)[] =
    locale === 'nl_nl'
      ? ['privacy-policy', 'privacy-policy-applicants', 'privacy-policy-events']
      : [
          'privacy-policy',
          'privacy-policy-participants',
          'privacy-policy-applicants',
          'privacy-policy-events',
        ]
  return keys.map((key) => ({ key, labelKey: PILLS[key] }))
}

/** A document's `##` or `###` heading and its stable anchor. */
export interface Heading {
  id: string
  text: string
  level: 2 | 3
}

/** A document file as read: its front matter, its sanitized body and its blocks. */
export interface ParsedDocument {
  title: string
  /** ISO date (yyyy-mm-dd) this version took effect (issue 29: "in force since"). */
  updated: string
  /** Issue 29: the change this version made, in one line of the file's language. */
  summary: string
  description: string
  /** Sanitized HTML of the body. */
  html: string
  headings: Heading[]
  words: number
  /** Issue 29: the text block by block (headings, paragraphs, list items, table rows), for comparisons. */
  blocks: TextBlock[]
}

/** A document as the store hands it out in a locale (issue 31: typed here, for pages). */
export interface LegalDocument extends ParsedDocument {
  key: string
  /** The locale whose text this is (after fallback it may differ from the one asked for). */
  locale: Locale
  etag: string
}
