import { describe, expect, it } from 'vitest'
import { breadcrumbs } from './breadcrumbs'

describe('breadcrumbs', () => {
  it('has no trail on the home page', () => {
    expect(breadcrumbs('/')).toEqual([])
  })

  it('derives a trail from the path; the last crumb has no link', () => {
    expect(breadcrumbs('/about')).toEqual([
      { labelKey: 'layout.breadcrumbs.home', href: '/' },
      { labelKey: 'layout.breadcrumbs.about' },
    ])
  })

  it('uses the page title for a document', () => {
    expect(breadcrumbs('/document/cookie-policy')).toEqual([
      { labelKey: 'layout.breadcrumbs.home', href: '/' },
      {},
    ])
  })

  it('has fixed trails on privacy-rights paths', () => {
    expect(
      breadcrumbs('/privacy-rights/direct-marketing/communication-types').map((c) => c.labelKey),
    ).toEqual([
      'layout.breadcrumbs.home',
      'layout.breadcrumbs.privacy_rights',
      'layout.breadcrumbs.direct_marketing',
      'layout.breadcrumbs.communication_types',
    ])
    expect(breadcrumbs('/privacy-rights/forgotten').at(-2)).toEqual({
      labelKey: 'layout.breadcrumbs.forgotten_overview',
      href: '/privacy-rights/forgotten-overview',
    })
  })
  it.each(['/privacy-rights/access', '/privacy-rights/figures', '/privacy-rights/push-notifications'])(
    'starts the fixed trail of %s at home and the privacy rights',
    (path) => {
      expect(breadcrumbs(path).slice(0, 2)).toEqual([
        { labelKey: 'layout.breadcrumbs.home', href: '/' },
        { labelKey: 'layout.breadcrumbs.privacy_rights', href: '/privacy-rights' },
      ])
    },
  )
})
