import { useCallback, useEffect, useState } from 'react'
import type { CommunicationType, FlowType, Salutation } from '../../shared/privacy-rights/request'

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

export function readRequest(): ClientRequest {
  try {
    const raw = sessionStorage.getItem(KEY)
    return raw ? { ...EMPTY_REQUEST, ...(JSON.parse(raw) as Partial<ClientRequest>) } : EMPTY_REQUEST
  } catch {
    return EMPTY_REQUEST
  }
}

export function writeRequest(request: ClientRequest) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(request))
  } catch {
    // Private mode without storage: the flow still works within the page.
  }
}

export function resetRequest() {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // nothing stored
  }
}

/**
 * The client-held request of the current flow. The server renders the empty request; after hydration the
 * stored one is read. `ready` turns true then, so redirects that depend on it wait for it.
 */
export function useClientRequest(flowType: FlowType) {
  const [request, setRequest] = useState<ClientRequest>(EMPTY_REQUEST)
  const [ready, setReady] = useState(false)
  useEffect(() => {
    const stored = readRequest()
    // Spec §4: each flow sets its flowType on entry; another flow's data does not carry over.
    const current = stored.flowType === flowType ? stored : { ...EMPTY_REQUEST, flowType }
    setRequest(current)
    writeRequest(current)
    setReady(true)
  }, [flowType])
  const update = useCallback(
    (change: Partial<ClientRequest> | ((r: ClientRequest) => Partial<ClientRequest>)) => {
      setRequest((previous) => {
        const next = { ...previous, ...(typeof change === 'function' ? change(previous) : change) }
        writeRequest(next)
        return next
      })
    },
    [],
  )
  return { request, update, ready }
}
