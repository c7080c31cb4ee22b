import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAddressRegisters } from '../support/address-registers'
import { testSetup } from '../support/app'

let app: Awaited<ReturnType<typeof testSetup>>['app']
let registers: Awaited<ReturnType<typeof startAddressRegisters>>
beforeAll(async () => {
  registers = await startAddressRegisters()
  ;({ app } = await testSetup({ ADDRESS_LOOKUP_NL_URL: registers.nl, ADDRESS_LOOKUP_BE_URL: registers.be }))
})
afterAll(() => registers.close())

const get = (host: string, query: string) => request(app).get(`/api/address?${query}`).set('Host', host)

describe('GET /api/address', () => {
  it('finds a Dutch address by postal code and number (PDOK)', async () => {
    const res = await get('privacy.dpgmedia.nl', 'postalCode=1114 am&houseNumber=40')
    expect(res.status).toBe(200)
    expect(res.body.address).toEqual({
      street: 'Van der Madeweg',
      city: 'Amsterdam',
      postalCode: '1114AM',
      houseNumber: '40',
      country: 'NL',
    })
  })

  it('matches the house-number suffix', async () => {
    expect(
      (await get('privacy.dpgmedia.nl', 'postalCode=3011AA&houseNumber=1&houseNumberExtension=b')).status,
    ).toBe(200)
    expect(
      (await get('privacy.dpgmedia.nl', 'postalCode=3011AA&houseNumber=1&houseNumberExtension=C')).body,
    ).toEqual({
      address: null,
    })
  })

  it('finds a Belgian address by postal code, street and number (Flemish register)', async () => {
    const res = await get('privacy.dpgmedia.be', 'postalCode=2018&street=Mediaplein&houseNumber=1')
    expect(res.body.address).toMatchObject({ street: 'Mediaplein', city: 'Antwerpen', country: 'BE' })
  })

  it.each([
    ['privacy.dpgmedia.nl', 'postalCode=9999ZZ&houseNumber=1'],
    ['privacy.dpgmedia.be', 'postalCode=2018&houseNumber=1'],
  ])('answers address: null when the register knows no such address (%s)', async (host, query) => {
    const res = await get(host, query)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ address: null })
  })

  it.each([
    'houseNumber=1',
    'postalCode=1114AM',
    'postalCode=1114AM&houseNumber=abc',
    `postalCode=${'1'.repeat(11)}&houseNumber=1`,
  ])('answers 400 to %s', async (query) => {
    expect((await get('privacy.dpgmedia.nl', query)).status).toBe(400)
  })

  it('answers 503 with a JSON error when the register fails', async () => {
    const res = await get('privacy.dpgmedia.nl', 'postalCode=1111AA&houseNumber=1')
    expect(res.status).toBe(503)
    expect(res.body.error.code).toBe('ADDRESS_LOOKUP_UNAVAILABLE')
  })
})
