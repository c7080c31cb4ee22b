import type { CommunicationType, FlowType, Salutation } from '#shared/privacy-rights/request.ts'

/**
 * Spec §3 'Privacy request', held in the browser. With server routing every step is a full page load, so
 * it lives in sessionStorage (DESIGN.md decision 2): it survives the steps and a refresh, not the tab.
 */
export interface ClientRequest {
  flowType: FlowType | null
  brandIds: string[]
  communicationTypes: CommunicationType[]
  email: string
  phone: string
  userMessage: string
  article: string
  publicationLink: string
  publicationDate: string
  brandName: string
  userInfo: {
    salutation: Salutation | ''
    firstName: string
    lastName: string
    address: {
      postalCode: string
      city: string
      street: string
      houseNumber: string
      houseNumberExtension: string
    }
  }
}

const KEY = 'privacy-request'

export const EMPTY_ADDRESS = {
  postalCode: '',
  city: '',
  street: '',
  houseNumber: '',
  houseNumberExtension: '',
}
export const EMPTY_USER_INFO: ClientRequest['userInfo'] = {
  salutation: '',
  firstName: '',
  lastName: '',
  address: EMPTY_ADDRESS,
}

export const EMPTY_REQUEST: ClientRequest = {
  flowType: null,
  brandIds: [],
  communicationTypes: [],
  email: '',
  phone: '+',
  userMessage: '',
  article: '',
  publicationLink: '',
  publicationDate: '',
  brandName: '',
  userInfo: EMPTY_USER_INFO,
}

/**
 * A form held in sessionStorage under `key`: read over its empty form (older stored shapes gain new
 * fields), written on every change, removed on reset. Private mode without storage keeps it in the page.
 */
export function sessionStore<T extends object>(key: string) {
  return {
    read(empty: T): T {
      try {
        const raw = sessionStorage.getItem(key)
        return raw ? { ...empty, ...(JSON.parse(raw) as Partial<T>) } : empty
      } catch {
        return empty
      }
    },
    write(value: T) {
      try {
        sessionStorage.setItem(key, JSON.stringify(value))
      } catch {
        // Private mode without storage: the form still works within the page.
      }
    },
    reset() {
      try {
        sessionStorage.removeItem(key)
      } catch {
        // nothing stored
      }
    },
  }
}

export type SessionStore<T extends object> = ReturnType<typeof sessionStore<T>>

export const requests = sessionStore<ClientRequest>(KEY)
export const readRequest = () => requests.read(EMPTY_REQUEST)
export const resetRequest = () => requests.reset()

/** The reference the last submitted request got (issue 16), for the processed page to show. */
const references = sessionStore<{ reference: string | null }>('privacy-request-reference')
export const lastReference = {
  read: () => {
    const { reference } = references.read({ reference: null })
    return typeof reference === 'string' && /^(?:NL|BE)-\d{6}-[A-Z0-9]{5}$/.test(reference) ? reference : null
  },
  write: (reference: string | null) => references.write({ reference }),
}
