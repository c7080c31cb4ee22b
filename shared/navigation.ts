import type { PhraseKey } from './i18n/translate'
import type { Site } from './site'

export interface MenuItem {
  /** Logical path, without the language prefix. */
  href: string
  labelKey: PhraseKey
}

export const MAIN_DOCUMENTS = ['privacy-policy', 'cookie-policy', 'terms-of-use'] as const

/** Spec §2 'Header menu': home, the three main documents, the transparency centre (POLITICAL_ADS) and about. */
export function headerMenu(site: Site): { items: MenuItem[]; transparency: MenuItem[] | null } {
  return {
    items: [
      { href: '/', labelKey: 'layout.menu.home' },
      { href: '/document/privacy-policy', labelKey: 'layout.menu.privacy_policy' },
      { href: '/document/cookie-policy', labelKey: 'layout.menu.cookie_policy' },
      { href: '/document/terms-of-use', labelKey: 'layout.menu.terms_of_use' },
    ],
    // On a phone the transparency centre expands into political ads and privacy rights.
    transparency: site.toggles.POLITICAL_ADS
      ? [
          { href: '/political-ads', labelKey: 'layout.menu.political_ads' },
          { href: '/privacy-rights', labelKey: 'layout.menu.privacy_rights' },
        ]
      : null,
  }
}

export const ABOUT_ITEM: MenuItem = { href: '/about', labelKey: 'layout.menu.about' }

/** Spec §2: only public pages show the header and footer; a path with internal-privacy-rights is not public. */
export function isPublicPath(logicalPath: string): boolean {
  return !logicalPath.includes('internal-privacy-rights')
}

/** Spec §9: the mobile menu closes when the window is wider than this. */
export const MOBILE_MENU_BREAKPOINT = 1325
