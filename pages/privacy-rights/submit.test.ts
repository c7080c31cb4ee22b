import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Brand } from '#shared/brands.ts'
import { type Site, togglesFrom } from '#shared/site.ts'
import { type ClientRequest, EMPTY_REQUEST, EMPTY_USER_INFO } from './request-store'
import { toBody } from './submit'

const NL: Site = {
  host: 'privacy.dpgmedia.nl',
  country: 'NL',
  environment: 'production',
  toggles: togglesFrom([]),
  origin: 'https://privacy.dpgmedia.nl',
}
const BRANDS: Brand[] = [
  { id: 'brand-0', description: 'AD', nroKeys: ['AD'] },
  { id: 'brand-1', description: 'Trouw', nroKeys: ['TROUW'] },
  { id: 'brand-2', description: 'VTM GO', nroKeys: ['VTM', 'VTMGO'] },
]
const PAGE = 'https://privacy.dpgmedia.nl/nl/privacy-rights/access?utm_source=mail'

const request = (change: Partial<ClientRequest>): ClientRequest => ({
  ...EMPTY_REQUEST,
  flowType: 'RIGHT_OF_ACCESS',
  ...change,
})

beforeEach(() => {
  // The touchpoint is the page the request was sent from; node has no window of its own.
  vi.stubGlobal('window', { location: { href: `${PAGE}#account-details` } })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('toBody (spec §7)', () => {
  it('sends the trimmed e-mail, the site country, the language and the page without its fragment', () => {
    expect(toBody(request({ email: '  jan@example.com ' }), NL, 'nl', BRANDS, false)).toEqual({
      flowType: 'RIGHT_OF_ACCESS',
      country: 'NL',
      language: 'nl',
      email: 'jan@example.com',
      touchpoint: PAGE,
    })
  })

  it('leaves out text fields that are empty or only spaces', () => {
    const body = toBody(
      request({ email: '   ', userMessage: ' ', article: '', publicationLink: '  ', brandName: '' }),
      NL,
      'nl',
      BRANDS,
      false,
    )
    expect(Object.keys(body).sort()).toEqual(['country', 'flowType', 'language', 'touchpoint'])
  })

  it('sends a request without a flow as an access request', () => {
    expect(toBody(request({ flowType: null }), NL, 'nl', BRANDS, false).flowType).toBe('RIGHT_OF_ACCESS')
  })

  it.each([
    ['a lone "+"', '+', undefined],
    ['a lone "+" with spaces', ' + ', undefined],
    ['nothing', '', undefined],
    ['a number with spaces', '+31 6 1234 5678', '+31612345678'],
  ])('sends %s as phone %s (spec §4)', (_name, phone, sent) => {
    expect(toBody(request({ phone }), NL, 'nl', BRANDS, false).phoneNumber).toBe(sent)
  })

  it('sends the chosen brands as their nro keys, flattened, with the channels, for an objection', () => {
    const body = toBody(
      request({
        flowType: 'OBJECTION',
        brandIds: ['brand-2', 'brand-0'],
        communicationTypes: ['EMAIL', 'PHONE'],
      }),
      NL,
      'nl',
      BRANDS,
      false,
    )
    expect(body.brands).toEqual(['AD', 'VTM', 'VTMGO'])
    expect(body.communicationTypes).toEqual(['EMAIL', 'PHONE'])
  })

  it('sends no brands or channels for another flow, whatever the stored request holds', () => {
    const body = toBody(
      request({ flowType: 'RECTIFICATION', brandIds: ['brand-0'], communicationTypes: ['EMAIL'] }),
      NL,
      'nl',
      BRANDS,
      false,
    )
    expect(body).not.toHaveProperty('brands')
    expect(body).not.toHaveProperty('communicationTypes')
  })

  it('clears the account details when their block is not shown (spec §4)', () => {
    const filled = request({
      userInfo: { ...EMPTY_USER_INFO, salutation: 'FEMALE', firstName: 'Jan', lastName: 'Jansen' },
    })
    expect(toBody(filled, NL, 'nl', BRANDS, false)).not.toHaveProperty('userInfo')
    expect(toBody(filled, NL, 'nl', BRANDS, true).userInfo).toEqual({
      salutation: 'FEMALE',
      firstName: 'Jan',
      lastName: 'Jansen',
    })
  })

  it("sends only the address fields that are filled, with the site's country", () => {
    const body = toBody(
      request({
        userInfo: {
          ...EMPTY_USER_INFO,
          firstName: '  ',
          address: {
            postalCode: '1114AM',
            houseNumber: '40',
            street: 'Van der Madeweg',
            city: '',
            houseNumberExtension: ' ',
          },
        },
      }),
      NL,
      'nl',
      BRANDS,
      true,
    )
    expect(body.userInfo).toEqual({
      address: { postalCode: '1114AM', houseNumber: '40', street: 'Van der Madeweg', country: 'NL' },
    })
  })

  it('sends no userInfo when the shown block is empty', () => {
    expect(toBody(request({}), NL, 'nl', BRANDS, true)).not.toHaveProperty('userInfo')
  })

  it('sends the typed publication date as dd-mm-yyyy, with the article and link trimmed', () => {
    const body = toBody(
      request({
        flowType: 'REMOVAL_FROM_PUBLICATION',
        article: ' Een artikel ',
        publicationLink: ' https://www.hln.be/x ',
        publicationDate: '03 - 02 - 2025',
      }),
      { ...NL, country: 'BE' },
      'fr',
      BRANDS,
      false,
    )
    expect(body).toMatchObject({
      country: 'BE',
      language: 'fr',
      article: 'Een artikel',
      publicationLink: 'https://www.hln.be/x',
      publicationDate: '03-02-2025',
    })
  })
})
