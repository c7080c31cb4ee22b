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

/**
 * Spec §2: the privacy-rights pages have fixed trails: the trail of the page they stand under (home for the
 * first), then their own crumb.
 */
const FIXED_PAGES: readonly (readonly [href: string, labelKey: PhraseKey, under?: string])[] = [
  ['/privacy-rights', 'layout.breadcrumbs.privacy_rights'],
  ['/privacy-rights/direct-marketing/brands', 'layout.breadcrumbs.direct_marketing', '/privacy-rights'],
  [
    '/privacy-rights/direct-marketing/communication-types',
    'layout.breadcrumbs.communication_types',
    '/privacy-rights/direct-marketing/brands',
  ],
  ['/privacy-rights/access', 'layout.breadcrumbs.access', '/privacy-rights'],
  ['/privacy-rights/rectification', 'layout.breadcrumbs.rectification', '/privacy-rights'],
  ['/privacy-rights/publication', 'layout.breadcrumbs.publication', '/privacy-rights'],
  ['/privacy-rights/forgotten-overview', 'layout.breadcrumbs.forgotten_overview', '/privacy-rights'],
  ['/privacy-rights/forgotten', 'layout.breadcrumbs.forgotten', '/privacy-rights/forgotten-overview'],
  ['/privacy-rights/processed', 'layout.breadcrumbs.processed', '/privacy-rights'],
  ['/privacy-rights/status', 'layout.breadcrumbs.status', '/privacy-rights'],
  ['/privacy-rights/preferences', 'layout.breadcrumbs.preferences', '/privacy-rights'],
  // Issue 29: how the rights are answered, in figures.
  ['/privacy-rights/figures', 'layout.breadcrumbs.figures', '/privacy-rights'],
  [
    '/privacy-rights/push-notifications',
    'layout.breadcrumbs.push_notifications',
    '/privacy-rights/direct-marketing/brands',
  ],
]

const FIXED_TRAILS = new Map<string, Crumb[]>()
for (const [href, labelKey, under] of FIXED_PAGES)
  FIXED_TRAILS.set(href, [...(under ? (FIXED_TRAILS.get(under) ?? []) : [HOME]), { labelKey, href }])

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
  const fixed = FIXED_TRAILS.get(logicalPath)
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
