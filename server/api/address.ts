import { Router } from 'express'
import { MAX_LENGTH } from '#shared/privacy-rights/request.ts'
import { HttpError } from '../http-error'
import { siteOf } from '../middleware/site'
import { type AddressLookup, AddressLookupUnavailable } from '../services/address-lookup'

const param = (value: unknown, max: number, pattern: RegExp): string | null =>
  typeof value === 'string' && value.trim().length > 0 && value.length <= max && pattern.test(value.trim())
    ? value.trim()
    : null

/**
 * GET /api/address?postalCode=&houseNumber=&houseNumberExtension=&street= for the host's country: the
 * address with street and city, or `address: null` when the registers know none with a house number.
 */
export function addressRouter(lookup: AddressLookup): Router {
  const router = Router()
  router.get('/address', async (req, res) => {
    const site = siteOf(req)
    const postalCode = param(req.query.postalCode, MAX_LENGTH.postalCode, /^[\dA-Za-z ]+$/)
    const houseNumber = param(req.query.houseNumber, MAX_LENGTH.houseNumber, /^\d+[A-Za-z]?$/)
    const extension = req.query.houseNumberExtension
      ? param(req.query.houseNumberExtension, MAX_LENGTH.houseNumberExtension, /^[\w -]+$/)
      : undefined
    const street = req.query.street
      ? param(req.query.street, MAX_LENGTH.street, /^[\p{L}\p{N} .'’-]+$/u)
      : undefined
    if (!postalCode || !houseNumber || extension === null || street === null) {
      throw new HttpError(400, 'VALIDATION_FAILED', 'postalCode and houseNumber are required', [
        { field: 'address', rule: 'address' },
      ])
    }
    try {
      const address = await lookup({
        country: site.country,
        postalCode,
        houseNumber,
        ...(extension ? { houseNumberExtension: extension } : {}),
        ...(street ? { street } : {}),
      })
      // No match is an answer, not an error: `address: null` (the widget then clears the address).
      res.set('Cache-Control', 'private, max-age=3600').json({ address })
    } catch (error) {
      if (error instanceof AddressLookupUnavailable) {
        throw new HttpError(
          503,
          'ADDRESS_LOOKUP_UNAVAILABLE',
          'The address register cannot be reached; enter the address yourself',
        )
      }
      throw error
    }
  })
  return router
}
