import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { describe, expect, it, vi } from 'vitest'
import { REDIRECT_LIMIT, REDIRECT_LOOP, type RedirectRule } from '#shared/redirects.ts'
import { redirectRules } from '#shared/routing.ts'
import { type Site, togglesFrom } from '#shared/site.ts'
import { onBeforeRoute } from './+onBeforeRoute'

// The site's own rules cannot loop (each ends on a path under a language prefix that no rule applies to),
// so the loop is provoked with rules of the test's own, through the hook the server runs for every page.
vi.mock('../shared/routing', async (importOriginal) => {
  const routing = await importOriginal<typeof import('#shared/routing.ts')>()
  return { ...routing, redirectRules: vi.fn(routing.redirectRules) }
})

const site: Site = {
  host: 'privacy.dpgmedia.nl',
  country: 'NL',
  environment: 'production',
  toggles: togglesFrom(['LOAD_FATHOM']),
  origin: 'https://privacy.dpgmedia.nl',
}

/** The hook's input: only what it reads. */
const contextFor = (urlOriginal: string) => ({ urlOriginal, site }) as unknown as PageContextServer

function thrownBy(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('nothing was thrown')
}

/** `/nl/hop/0` → `/nl/hop/1` → … → `/nl/hop/{hops}`. */
const chain = (hops: number): RedirectRule => ({
  permanent: true,
  apply(url) {
    const n = Number(/^\/nl\/hop\/(\d+)$/.exec(url)?.[1] ?? Number.NaN)
    return n < hops ? `/nl/hop/${n + 1}` : null
  },
})

describe('onBeforeRoute: redirects before routing (spec §8, §9)', () => {
  it(`renders the 500 page with the redirect-loop reason after more than ${REDIRECT_LIMIT} redirects`, () => {
    vi.mocked(redirectRules).mockReturnValueOnce([chain(REDIRECT_LIMIT + 1)])
    expect(thrownBy(() => onBeforeRoute(contextFor('/nl/hop/0')))).toEqual(render(500, REDIRECT_LOOP))
  })

  it('renders the same page for two paths that redirect to each other', () => {
    const cycle: RedirectRule = {
      permanent: false,
      apply: (url) => (url === '/nl/a' ? '/nl/b' : url === '/nl/b' ? '/nl/a' : null),
    }
    vi.mocked(redirectRules).mockReturnValueOnce([cycle])
    expect(thrownBy(() => onBeforeRoute(contextFor('/nl/a')))).toEqual(render(500, REDIRECT_LOOP))
  })

  it(`sends ${REDIRECT_LIMIT} chained redirects as one redirect to the end of the chain`, () => {
    vi.mocked(redirectRules).mockReturnValueOnce([chain(REDIRECT_LIMIT)])
    expect(thrownBy(() => onBeforeRoute(contextFor('/nl/hop/0')))).toEqual(
      redirect(`/nl/hop/${REDIRECT_LIMIT}`, 301),
    )
  })

  it('renders the 503 page for any URL when the server found the database away (issue 26)', () => {
    const away = { ...contextFor('/fr/verify-email?token=x'), databaseUnavailable: true } as PageContextServer
    expect(thrownBy(() => onBeforeRoute(away))).toEqual(render(503))
  })

  it('redirects a path without language prefix with the real rules, temporarily', () => {
    expect(thrownBy(() => onBeforeRoute(contextFor('/about?x=1')))).toEqual(redirect('/nl/about?x=1', 302))
  })

  it('consults no rule for a wrong language prefix: that page is a 404 as it stands', () => {
    vi.mocked(redirectRules).mockClear()
    expect(onBeforeRoute(contextFor('/de/about')).pageContext).toMatchObject({ lang: 'nl' })
    expect(redirectRules).not.toHaveBeenCalled()
  })

  it('routes a path under its prefix without a redirect', () => {
    expect(onBeforeRoute(contextFor('/nl/about?x=1')).pageContext).toEqual({
      lang: 'nl',
      locale: 'nl_nl',
      urlLogical: '/about?x=1',
      logicalPath: '/about',
      search: '?x=1',
    })
  })
})
