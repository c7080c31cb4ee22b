import { useEffect, useRef, useState } from 'react'
import { getJson } from '#renderer/json.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import type { Rule } from '#shared/privacy-rights/validation.ts'
import { type ClientRequest, EMPTY_ADDRESS } from './request-store'

export type AddressState = ClientRequest['userInfo']['address']

/**
 * Issue 31 (moved from AddressFields.tsx): the look-up behind the address widget (spec §5), through
 * GET /api/address. `manual` turns true when the registers cannot be reached; `looking` while one answers.
 */
export function useAddressLookup(
  address: AddressState,
  onChange: (address: AddressState) => void,
  setError: (rule: Rule | undefined) => void,
) {
  const { site } = usePageContext()
  const [manual, setManual] = useState(false)
  const [looking, setLooking] = useState(false)
  const belgium = site.country === 'BE'
  // The address as it is now: an answer for what was typed before is dropped.
  const latest = useRef(address)
  useEffect(() => {
    latest.current = address
  }, [address])
  const sameQuery = (a: AddressState, b: AddressState) =>
    a.postalCode === b.postalCode &&
    a.houseNumber === b.houseNumber &&
    a.houseNumberExtension === b.houseNumberExtension &&
    (!belgium || a.street === b.street)

  const lookUp = async (current: AddressState) => {
    if (!current.postalCode.trim() || !current.houseNumber.trim() || (belgium && !current.street.trim()))
      return
    const query = new URLSearchParams({ postalCode: current.postalCode, houseNumber: current.houseNumber })
    if (current.houseNumberExtension.trim()) query.set('houseNumberExtension', current.houseNumberExtension)
    if (belgium) query.set('street', current.street)
    setLooking(true)
    try {
      const response = await getJson<{ address?: Partial<AddressState> | null }>(`/api/address?${query}`)
      if (response?.status === 503) {
        setManual(true)
        return
      }
      const answer = response?.ok ? response.body : null
      if (!sameQuery(current, latest.current)) return
      if (answer?.address?.street && answer.address.city) {
        onChange({
          ...current,
          ...answer.address,
          houseNumberExtension: current.houseNumberExtension,
        } as AddressState)
        setError(undefined)
      } else {
        // Spec §5: an invalid result clears the address.
        onChange({
          ...EMPTY_ADDRESS,
          postalCode: current.postalCode,
          houseNumber: current.houseNumber,
          houseNumberExtension: current.houseNumberExtension,
          street: belgium ? current.street : '',
        })
        setError('address')
      }
    } catch {
      setManual(true)
    } finally {
      setLooking(false)
    }
  }
  return { manual, looking, lookUp }
}
