import type { Language } from './locale'
import type { Country } from './site'

/**
 * Spec §2 'Legacy document paths': the paths the old site used, and where they lead now. Each works as
 * `/{lang}/{old}` and as `/{lang}/document/{old}`.
 */
type Target =
  | { document: string }
  /** Per language of a Belgian page: Dutch (and English, which falls back to Dutch) vs French. */
  | { byLanguage: { nl: string; fr: string } }
  /** A page of the external corporate site, in the page's language. */
  | { corporate: string }

interface LegacyPath {
  old: string
  target: Target
  /** Only on this country's site; elsewhere the old path is simply unknown. */
  country?: Country
}

export const LEGACY_DOCUMENT_PATHS: readonly LegacyPath[] = [
  { old: 'cookiebeleid', target: { document: 'cookie-policy' } },
  { old: 'gebruiksvoorwaarden', target: { document: 'terms-of-use' } },
  { old: 'privacybeleid', target: { document: 'privacy-policy' } },
  { old: 'privacybeleid-consumenten', target: { document: 'privacy-policy' } },
  { old: 'privacystatement', target: { document: 'privacy-policy' }, country: 'NL' },
  { old: 'cookiestatement', target: { document: 'cookie-policy' }, country: 'NL' },
  {
    old: 'privacybeleid-deelnemers',
    target: { byLanguage: { nl: 'privacy-policy-participants', fr: 'privacy-policy' } },
    country: 'BE',
  },
  {
    old: 'politique-de-confidentialite-participants',
    target: { byLanguage: { nl: 'privacy-policy-participants', fr: 'privacy-policy' } },
    country: 'BE',
  },
  {
    old: 'privacybeleid-sollicitanten',
    target: { byLanguage: { nl: 'privacy-policy-applicants', fr: 'privacy-policy' } },
    country: 'BE',
  },
  {
    old: 'politique-de-confidentialite-candidats',
    target: { byLanguage: { nl: 'privacy-policy-applicants', fr: 'privacy-policy' } },
    country: 'BE',
  },
  { old: 'privacybeleid-adverteerders', target: { corporate: 'privacy-policy-advertisers' } },
  { old: 'cookiebeleid-adverteerders', target: { corporate: 'cookie-policy-advertisers' } },
  { old: 'privacybeleid-b2b', target: { corporate: 'privacy-policy-b2b' } },
  { old: 'cookiebeleid-b2b', target: { corporate: 'cookie-policy-b2b' } },
]

/** Where an old path leads for a page in `lang` on `country`'s site; null when it is not an old path there. */
export function legacyTarget(
  old: string,
  lang: Language,
  country: Country,
  corporateSiteUrl: string,
): string | null {
  const row = LEGACY_DOCUMENT_PATHS.find(
    (path) => path.old === old && (!path.country || path.country === country),
  )
  if (!row) return null
  const { target } = row
  if ('document' in target) return `/${lang}/document/${target.document}`
  if ('byLanguage' in target)
    return `/${lang}/document/${lang === 'fr' ? target.byLanguage.fr : target.byLanguage.nl}`
  return `${corporateSiteUrl}/${lang}/${target.corporate}`
}
