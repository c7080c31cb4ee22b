import type { JSONSchemaType } from 'ajv'
import { Router } from 'express'
import { MAX_LENGTH } from '#shared/privacy-rights/request.ts'
import { HttpError } from '../http-error'
import { siteOf } from '../middleware/site'
import { type AddressLookup, AddressLookupUnavailable } from '../services/address-lookup'
import { ValidationFailed } from '../services/errors'
import { ajv, fieldErrors } from '../validation'

/** `GET /api/address`: what the visitor typed, each value trimmed before the lookup. */
export interface AddressQuery {
  postalCode: string
  houseNumber: string
  /** Empty: none. */
  houseNumberExtension?: string
  /** Empty: none (Belgium's registers need it). */
  street?: string
}

/** A value of these characters, with spaces around it allowed; `optional`: or nothing at all. */
const trimmed = (characters: string, optional = false) =>
  `^(?:\\s*[${characters}](?:[ ${characters}]*[${characters}])?\\s*)${optional ? '?' : ''}$`
const text = (max: number, pattern: string) => ({ type: 'string' as const, maxLength: max, pattern })

export const addressQuerySchema: JSONSchemaType<AddressQuery> = {
  type: 'object',
  required: ['postalCode', 'houseNumber'],
  properties: {
    postalCode: text(MAX_LENGTH.postalCode, trimmed('\\dA-Za-z')),
    houseNumber: text(MAX_LENGTH.houseNumber, '^\\s*\\d+[A-Za-z]?\\s*$'),
    houseNumberExtension: {
      ...text(MAX_LENGTH.houseNumberExtension, trimmed('\\w-', true)),
      nullable: true,
    },
    street: { ...text(MAX_LENGTH.street, trimmed("\\p{L}\\p{N}.'’-", true)), nullable: true },
  },
}
const validateAddressQuery = ajv.compile(addressQuerySchema)

/**
 * GET /api/address?postalCode=&houseNumber=&houseNumberExtension=&street= for the host's country: the
 * address with street and city, or `address: null` when the registers know none with a house number.
 */
export function addressRouter(lookup: AddressLookup): Router {
  const router = Router()
  router.get('/address', async (req, res) => {
    const site = siteOf(req)
    const query: unknown = req.query
    if (!validateAddressQuery(query)) throw new ValidationFailed(fieldErrors(validateAddressQuery))
    const postalCode = query.postalCode.trim()
    const houseNumber = query.houseNumber.trim()
    const extension = query.houseNumberExtension?.trim()
    const street = query.street?.trim()
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
