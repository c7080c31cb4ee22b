import { describe, expect, it } from 'vitest'
import { type ClientRequest, EMPTY_REQUEST } from './request-store'
import { toFormErrors } from './submit'

const request = (change: Partial<ClientRequest> = {}): ClientRequest => ({ ...EMPTY_REQUEST, ...change })

describe('toFormErrors', () => {
  it('has no errors when the rules found none', () => {
    expect(toFormErrors([], request({ email: 'jan@example.com' }))).toEqual({})
  })

  it('names an account-details error by its form field, without the userInfo. prefix', () => {
    expect(
      toFormErrors(
        [
          { field: 'userInfo.firstName', rule: 'required' },
          { field: 'userInfo.address', rule: 'address' },
          { field: 'email', rule: 'email' },
        ],
        request(),
      ),
    ).toEqual({ firstName: 'required', address: 'address', email: 'email' })
  })

  it('keeps the first rule a field breaks', () => {
    expect(
      toFormErrors(
        [
          { field: 'phoneNumber', rule: 'phone' },
          { field: 'phoneNumber', rule: 'required' },
        ],
        request(),
      ),
    ).toEqual({ phoneNumber: 'phone' })
  })

  it('renames a body field where the form names it differently', () => {
    expect(
      toFormErrors([{ field: 'brands', rule: 'required_option' }], request(), { brands: 'brand' }),
    ).toEqual({ brand: 'required_option' })
  })

  it('marks a lone "+" phone as required when the phone channel is ticked (spec §5)', () => {
    const lonePlus = request({ communicationTypes: ['PHONE', 'EMAIL'], phone: ' + ' })
    // toBody never sends a lone "+", so the body's rules cannot see it.
    expect(toFormErrors([], lonePlus)).toEqual({ phoneNumber: 'required' })
  })

  it('does not ask for a phone when the phone channel is not ticked', () => {
    expect(toFormErrors([], request({ communicationTypes: ['EMAIL'], phone: '+' }))).toEqual({})
  })
})
