import { renderToStaticMarkup } from 'react-dom/server'
import type { PageContext } from 'vike/types'
import { describe, expect, it } from 'vitest'
import nl from '#locales/nl.json' with { type: 'json' }
import { PageContextProvider } from '#renderer/usePageContext.tsx'
import { TranslateProvider } from '#renderer/useTranslate.tsx'
import { flattenPhrases } from '#shared/i18n/translate.ts'
import { REDIRECT_LOOP } from '#shared/redirects.ts'
import Page from './+Page'

/** The error page as the server renders it, for an abort with this status and reason. */
function errorPage(abort: { is404: boolean; abortReason?: unknown; abortStatusCode?: number }): string {
  const pageContext = {
    ...abort,
    lang: 'nl',
    logicalPath: '/somewhere',
    phrases: flattenPhrases(nl),
  } as unknown as PageContext
  return renderToStaticMarkup(
    <PageContextProvider pageContext={pageContext}>
      <TranslateProvider>
        <Page />
      </TranslateProvider>
    </PageContextProvider>,
  )
}

describe('the error page (spec §8)', () => {
  it('says Redirect loop when the redirects looped', () => {
    const html = errorPage({ is404: false, abortReason: REDIRECT_LOOP })
    expect(html).toContain('Foutcode 500: Redirect loop')
    expect(html).not.toContain('Internal Error')
    expect(html).toContain('href="/nl"')
  })

  it.each([undefined, 'Something went wrong'])(
    'says Internal Error for any other 500 (reason %s)',
    (reason) => {
      const html = errorPage({ is404: false, abortReason: reason })
      expect(html).toContain('Foutcode 500: Internal Error')
      expect(html).not.toContain('Redirect loop')
    },
  )

  it('says the site is briefly unavailable for a 503, and links home (issue 26)', () => {
    const html = errorPage({ is404: false, abortStatusCode: 503 })
    expect(html).toContain('<h1>Even niet beschikbaar</h1>')
    expect(html).toContain('Foutcode 503: Service Unavailable')
    expect(html).toContain('href="/nl"')
    expect(html).not.toContain('Internal Error')
  })

  it('says Page not found for a 404', () => {
    expect(errorPage({ is404: true })).toContain('Foutcode 404: Page not found')
  })
})
