import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { BRANDS } from '#server/brands.ts'
import { readPhoneNumber } from '#shared/phone-number.ts'
import type { PrivacyRequestBody } from '#shared/privacy-rights/request.ts'
import { checkBody } from '#shared/privacy-rights/rules.ts'
import { testSetup } from '../support/app'

/**
 * Issue 5: one table of valid and invalid inputs, run through the browser-side rules (shared/…/rules.ts)
 * and through the server (ajv, then the service), which must agree on every row.
 */
const base: PrivacyRequestBody = {
  flowType: 'RIGHT_OF_ACCESS',
  country: 'NL',
  language: 'nl',
  email: 'jan@example.com',
}
const objection: PrivacyRequestBody = { flowType: 'OBJECTION', country: 'NL', language: 'nl', brands: ['AD'] }

const TABLE: [name: string, body: PrivacyRequestBody, failing: { field: string; rule: string } | null][] = [
  ['a valid access request', base, null],
  ['an e-mail without domain', { ...base, email: 'jan@' }, { field: 'email', rule: 'email' }],
  ['an e-mail with a space', { ...base, email: 'jan jansen@example.com' }, { field: 'email', rule: 'email' }],
  ['an e-mail surrounded by spaces', { ...base, email: '  jan@example.com ' }, null],
  ['an empty e-mail', { ...base, email: '' }, { field: 'email', rule: 'required' }],
  ['the e-mail "empty_val"', { ...base, email: 'empty_val' }, { field: 'email', rule: 'required' }],
  [
    'rectification with a message',
    { ...base, flowType: 'RECTIFICATION', userMessage: 'Mijn naam is fout' },
    null,
  ],
  [
    'rectification with spaces as message',
    { ...base, flowType: 'RECTIFICATION', userMessage: '   ' },
    { field: 'userMessage', rule: 'required' },
  ],
  ['forgotten without message', { ...base, flowType: 'RIGHT_TO_BE_FORGOTTEN' }, null],
  ['objection by phone', { ...objection, communicationTypes: ['PHONE'], phoneNumber: '+31612345678' }, null],
  [
    'objection with a Belgian phone',
    { ...objection, communicationTypes: ['PHONE'], phoneNumber: '+32470123456' },
    null,
  ],
  [
    'objection with a lone "+"',
    { ...objection, communicationTypes: ['PHONE'], phoneNumber: '+' },
    { field: 'phoneNumber', rule: 'required' },
  ],
  [
    'a Dutch national number on the Dutch site (issue 27)',
    { ...objection, communicationTypes: ['PHONE'], phoneNumber: '06 12 34 56 78' },
    null,
  ],
  [
    'a Belgian national number on the Dutch site: no Dutch number',
    { ...objection, communicationTypes: ['PHONE'], phoneNumber: '0470 12 34 56' },
    { field: 'phoneNumber', rule: 'phone' },
  ],
  [
    'a number with letters in it',
    { ...objection, communicationTypes: ['PHONE'], phoneNumber: '06 12 34 56 78 b' },
    { field: 'phoneNumber', rule: 'phone' },
  ],
  [
    'a phone with a zero in the code',
    { ...objection, communicationTypes: ['PHONE'], phoneNumber: '+30612345678' },
    { field: 'phoneNumber', rule: 'phone' },
  ],
  [
    'a phone with two digits after the code',
    { ...objection, communicationTypes: ['PHONE'], phoneNumber: '+31612' },
    { field: 'phoneNumber', rule: 'phone' },
  ],
  [
    'objection by e-mail without address',
    { ...objection, communicationTypes: ['EMAIL'] },
    { field: 'email', rule: 'required' },
  ],
  [
    'objection without channels',
    { ...objection, communicationTypes: [] },
    { field: 'communicationTypes', rule: 'required_option' },
  ],
  [
    'objection by notifications only',
    { ...objection, communicationTypes: ['NOTIFICATIONS'] },
    { field: 'communicationTypes', rule: 'required_option' },
  ],
  [
    'objection without brands',
    { ...objection, brands: [], communicationTypes: ['PHONE'], phoneNumber: '+31612345678' },
    { field: 'brands', rule: 'required_option' },
  ],
  [
    'postal objection with an address',
    {
      ...objection,
      communicationTypes: ['POSTAL'],
      userInfo: {
        firstName: 'Jan',
        lastName: 'Jansen',
        address: { street: 'Dorpsstraat', houseNumber: '1', postalCode: '1234AB', city: 'Ons Dorp' },
      },
    },
    null,
  ],
  [
    'postal objection without a last name',
    {
      ...objection,
      communicationTypes: ['POSTAL'],
      userInfo: {
        firstName: 'Jan',
        address: { street: 'Dorpsstraat', houseNumber: '1', postalCode: '1234AB', city: 'Ons Dorp' },
      },
    },
    { field: 'userInfo.lastName', rule: 'required' },
  ],
  [
    'postal objection without a house number',
    {
      ...objection,
      communicationTypes: ['POSTAL'],
      userInfo: {
        firstName: 'Jan',
        lastName: 'Jansen',
        address: { street: 'Dorpsstraat', postalCode: '1234AB', city: 'Ons Dorp' },
      },
    },
    { field: 'userInfo.address', rule: 'address' },
  ],
]

const beObjection: PrivacyRequestBody = { ...objection, country: 'BE', brands: ['HLN'] }
const BE_TABLE: typeof TABLE = [
  [
    'a Belgian national number (issue 27)',
    { ...beObjection, communicationTypes: ['PHONE'], phoneNumber: '0470/12.34.56' },
    null,
  ],
  [
    'a national number after the pre-filled "+"',
    { ...beObjection, communicationTypes: ['PHONE'], phoneNumber: '+0470 12 34 56' },
    null,
  ],
  [
    'a Belgian mobile number one digit short',
    { ...beObjection, communicationTypes: ['PHONE'], phoneNumber: '0470 12 34 5' },
    { field: 'phoneNumber', rule: 'phone' },
  ],
  [
    'a publication removal',
    {
      ...base,
      country: 'BE',
      flowType: 'REMOVAL_FROM_PUBLICATION',
      article: 'Titel',
      publicationDate: '03-02-2025',
      userMessage: 'Graag anoniem',
    },
    null,
  ],
  [
    'a date as yyyy-mm-dd',
    {
      ...base,
      country: 'BE',
      flowType: 'REMOVAL_FROM_PUBLICATION',
      article: 'Titel',
      publicationDate: '2025-02-03',
      userMessage: 'x',
    },
    { field: 'publicationDate', rule: 'date' },
  ],
  [
    'a 31st of a 13th month',
    {
      ...base,
      country: 'BE',
      flowType: 'REMOVAL_FROM_PUBLICATION',
      article: 'Titel',
      publicationDate: '31-13-2025',
      userMessage: 'x',
    },
    { field: 'publicationDate', rule: 'date' },
  ],
  [
    'a 30th of February (issue 20)',
    {
      ...base,
      country: 'BE',
      flowType: 'REMOVAL_FROM_PUBLICATION',
      article: 'Titel',
      publicationDate: '30-02-2024',
      userMessage: 'x',
    },
    { field: 'publicationDate', rule: 'date' },
  ],
  [
    'no article',
    {
      ...base,
      country: 'BE',
      flowType: 'REMOVAL_FROM_PUBLICATION',
      publicationDate: '03-02-2025',
      userMessage: 'x',
    },
    { field: 'article', rule: 'required' },
  ],
]

let app: Awaited<ReturnType<typeof testSetup>>['app']
beforeAll(async () => {
  ;({ app } = await testSetup())
})

describe.each([
  ['NL', 'privacy.dpgmedia.nl', TABLE],
  ['BE', 'privacy.dpgmedia.be', BE_TABLE],
] as const)('the shared validation table (%s)', (country, host, table) => {
  const known = new Set(BRANDS[country].brands.flatMap((brand) => brand.nroKeys))

  it.each(table)('%s: browser and server agree', async (_name, body, failing) => {
    const browser = checkBody(body, country, known, readPhoneNumber)
    const server = await request(app).post('/api/privacy-rights/request').set('Host', host).send(body)
    if (failing) {
      expect(browser).toContainEqual(failing)
      expect(server.status).toBe(400)
      expect(server.body.error.fields).toContainEqual(failing)
    } else {
      expect(browser).toEqual([])
      expect(server.status).toBe(200)
    }
  })
})
