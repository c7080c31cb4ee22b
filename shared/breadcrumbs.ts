import type { PhraseKey } from './i18n/translate'

export interface Crumb {
  /** Phrase key of the label; absent for a page whose own title is the label (a document, an ad). */
  labelKey?: PhraseKey
  /** A label that is no phrase (issue 29: a document's title, a version's date). */
  label?: string
  /** Logical path; absent on the current page. */
  href?: string
}

export const HOME: Crumb = { labelKey: 'layout.breadcrumbs.home', href: '/' }
const PRIVACY_RIGHTS: Crumb = { labelKey: 'layout.breadcrumbs.privacy_rights', href: '/privacy-rights' }
const DIRECT_MARKETING: Crumb = {
  labelKey: 'layout.breadcrumbs.direct_marketing',
  href: '/privacy-rights/direct-marketing/brands',
}
const FORGOTTEN: Crumb = {
  labelKey: 'layout.breadcrumbs.forgotten_overview',
  href: '/privacy-rights/forgotten-overview',
}

/** Spec §2: the privacy-rights paths have fixed trails. */
const FIXED_TRAILS: Record<string, Crumb[]> = {
  '/privacy-rights': [HOME, PRIVACY_RIGHTS],
  '/privacy-rights/direct-marketing/brands': [HOME, PRIVACY_RIGHTS, DIRECT_MARKETING],
  '/privacy-rights/direct-marketing/communication-types': [
    HOME,
    PRIVACY_RIGHTS,
    DIRECT_MARKETING,
    {
      labelKey: 'layout.breadcrumbs.communication_types',
      href: '/privacy-rights/direct-marketing/communication-types',
    },
  ],
  '/privacy-rights/access': [
    HOME,
    PRIVACY_RIGHTS,
    { labelKey: 'layout.breadcrumbs.access', href: '/privacy-rights/access' },
  ],
  '/privacy-rights/rectification': [
    HOME,
    PRIVACY_RIGHTS,
    { labelKey: 'layout.breadcrumbs.rectification', href: '/privacy-rights/rectification' },
  ],
  '/privacy-rights/publication': [
    HOME,
    PRIVACY_RIGHTS,
    { labelKey: 'layout.breadcrumbs.publication', href: '/privacy-rights/publication' },
  ],
  '/privacy-rights/forgotten-overview': [HOME, PRIVACY_RIGHTS, FORGOTTEN],
  '/privacy-rights/forgotten': [
    HOME,
    PRIVACY_RIGHTS,
    FORGOTTEN,
    { labelKey: 'layout.breadcrumbs.forgotten', href: '/privacy-rights/forgotten' },
  ],
  '/privacy-rights/processed': [
    HOME,
    PRIVACY_RIGHTS,
    { labelKey: 'layout.breadcrumbs.processed', href: '/privacy-rights/processed' },
  ],
  '/privacy-rights/status': [
    HOME,
    PRIVACY_RIGHTS,
    { labelKey: 'layout.breadcrumbs.status', href: '/privacy-rights/status' },
  ],
  '/privacy-rights/preferences': [
    HOME,
    PRIVACY_RIGHTS,
    { labelKey: 'layout.breadcrumbs.preferences', href: '/privacy-rights/preferences' },
  ],
  // Issue 29: how the rights are answered, in figures.
  '/privacy-rights/figures': [
    HOME,
    PRIVACY_RIGHTS,
    { labelKey: 'layout.breadcrumbs.figures', href: '/privacy-rights/figures' },
  ],
  '/privacy-rights/push-notifications': [
    HOME,
    PRIVACY_RIGHTS,
    DIRECT_MARKETING,
    { labelKey: 'layout.breadcrumbs.push_notifications', href: '/privacy-rights/push-notifications' },
  ],
}

/** Labels of path segments for trails derived from the path. */
const SEGMENT_LABELS: Record<string, PhraseKey> = {
  about: 'layout.breadcrumbs.about',
  phone: 'layout.breadcrumbs.phone',
  search: 'layout.breadcrumbs.search',
  'political-ads': 'layout.breadcrumbs.political_ads',
}

/**
 * Spec §2: breadcrumbs are derived from the path. Each known segment adds a crumb; the last crumb is the
 * current page and has no link. The home page has no trail.
 */
export function breadcrumbs(logicalPath: string): Crumb[] {
  const fixed = FIXED_TRAILS[logicalPath]
  const trail: Crumb[] = fixed ? [...fixed] : derivedTrail(logicalPath)
  if (trail.length < 2) return []
  const last = trail.at(-1)
  if (last) trail[trail.length - 1] = last.labelKey ? { labelKey: last.labelKey } : {}
  return trail
}

function derivedTrail(logicalPath: string): Crumb[] {
  const segments = logicalPath.split('/').filter(Boolean)
  const trail: Crumb[] = [HOME]
  segments.forEach((segment, index) => {
    const href = `/${segments.slice(0, index + 1).join('/')}`
    const labelKey = SEGMENT_LABELS[segment]
    if (labelKey) trail.push({ labelKey, href })
    else if (index === segments.length - 1 && index > 0) trail.push({ href })
  })
  return trail
}
