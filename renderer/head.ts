import type { PageContextServer } from 'vike/types'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import type { PhraseKey } from '#shared/i18n/translate.ts'
import { htmlLang, languagesOf } from '#shared/locale.ts'
import { isPublicPath } from '#shared/navigation.ts'
import { localizedPath } from '#shared/routing.ts'

export interface HeadTags {
  lang: string
  title: string
  description: string
  canonical: string
  alternates: { hreflang: string; href: string }[]
  fathomSiteId: string | null
  /** A staff host's pages are never indexed (issue 26); the server sends X-Robots-Tag too. */
  noindex: boolean
}

/**
 * A page whose address carries a personal token: one that says so (`personalLink`), or any address with a
 * `token` parameter (the verification link, the requester's status link).
 */
function carriesToken(pageContext: PageContextServer): boolean {
  return pageContext.config.personalLink === true || 'token' in pageContext.urlParsed.search
}

/** Everything `<head>` says about a page: title, description, canonical and hreflang alternates. */
export function headTags(pageContext: PageContextServer): HeadTags {
  const { site, lang, locale, config } = pageContext
  const t = serverTranslate(locale)
  const data = pageContext.data as
    | {
        title?: string
        description?: string
        titleKey?: PhraseKey
        titleParams?: Record<string, string | number>
        /** Issue 29: the page whose text this is (an earlier version's: the document's own page). */
        canonicalPath?: string
      }
    | undefined
  const titleConfig = config.title
  const titleKey = typeof titleConfig === 'function' ? titleConfig(pageContext) : titleConfig
  // A page's data may name itself: a text (a document's title, an ad's sponsor) or a phrase with its values.
  const pageTitle =
    data?.title ?? (data?.titleKey ? t(data.titleKey, data.titleParams) : titleKey ? t(titleKey) : undefined)
  const siteName = t('layout.site_name')
  // A version of a document is never indexed as its current text: canonical and alternates name the document.
  const path = data?.canonicalPath ?? pageContext.urlPathname
  return {
    lang: htmlLang(lang, site.country),
    title: pageTitle ? `${pageTitle} | ${siteName}` : siteName,
    description: data?.description ?? t(config.description ?? 'layout.meta_description'),
    canonical: site.origin + localizedPath(lang, path),
    alternates: [
      ...languagesOf(site.country).map((language) => ({
        hreflang: htmlLang(language, site.country),
        href: site.origin + localizedPath(language, path),
      })),
      { hreflang: 'x-default', href: site.origin + localizedPath('nl', path) },
    ],
    noindex: site.environment === 'internal' || !isPublicPath(pageContext.logicalPath),
    // The staff area is not measured: analytics only on public pages. Nor is a page whose address carries a
    // personal token (issue 27): no third-party script may read it there.
    fathomSiteId:
      site.toggles.LOAD_FATHOM && isPublicPath(pageContext.logicalPath) && !carriesToken(pageContext)
        ? (pageContext.settings?.fathomSiteId ?? null)
        : null,
  }
}
