import { renderToStaticMarkup } from 'react-dom/server'
import type { PageContext, PageContextServer } from 'vike/types'
import { describe, expect, it } from 'vitest'
import { Breadcrumbs } from '#renderer/components/Breadcrumbs.tsx'
import { PageContextProvider } from '#renderer/usePageContext.tsx'
import { TranslateProvider } from '#renderer/useTranslate.tsx'
import { phrasesFor } from '#shared/i18n/catalog.server.ts'
import type { Locale } from '#shared/locale.ts'
import { data } from './+data'

/** The ad page's data when its notice cannot be loaded (the database is away). */
function failing(locale: Locale) {
  return data({
    routeParams: { id: 'nl-2026-001' },
    locale,
    search: '',
    site: { country: 'NL' },
    politicalAds: {
      find: () => Promise.reject(new Error('database unavailable')),
      versions: () => Promise.resolve([]),
    },
  } as unknown as PageContextServer)
}

/** The breadcrumbs of the ad's address over that data, as the server renders them. */
function breadcrumbs(locale: Locale, pageData: unknown): string {
  const pageContext = {
    lang: locale.slice(0, 2),
    locale,
    logicalPath: '/political-ads/nl-2026-001',
    phrases: phrasesFor(locale),
    config: {},
    data: pageData,
  } as unknown as PageContext
  return renderToStaticMarkup(
    <PageContextProvider pageContext={pageContext}>
      <TranslateProvider>
        <Breadcrumbs />
      </TranslateProvider>
    </PageContextProvider>,
  )
}

describe('the ad page when its notice cannot be loaded (issue 20)', () => {
  it.each([
    ['nl_nl', 'Politieke advertentie'],
    ['fr_be', 'Publicité politique'],
  ] as const)(
    'still names the page (%s): the breadcrumb ends in it, never in an empty item',
    async (locale, title) => {
      const page = await failing(locale)
      expect(page).toMatchObject({ failed: true, item: null, title })
      const html = breadcrumbs(locale, page)
      expect(html).toMatch(new RegExp(`<li><span aria-current="page">${title}</span></li></ol>`))
      expect(html).not.toMatch(/<span aria-current="page"><\/span>/)
    },
  )
})
