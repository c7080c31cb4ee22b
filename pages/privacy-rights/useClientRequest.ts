import { type Dispatch, type SetStateAction, useCallback, useEffect, useState } from 'react'
import type { FlowType } from '#shared/privacy-rights/request.ts'
import { type ClientRequest, EMPTY_REQUEST, readRequest, requests, type SessionStore } from './request-store'

/** The `update` of a stored form: merges a change (or a function of the form) and stores the result. */
export function useStoredUpdate<T extends object>(
  setValue: Dispatch<SetStateAction<T>>,
  store: SessionStore<T>,
) {
  return useCallback(
    (change: Partial<T> | ((value: T) => Partial<T>)) => {
      setValue((previous) => {
        const next = { ...previous, ...(typeof change === 'function' ? change(previous) : change) }
        store.write(next)
        return next
      })
    },
    [setValue, store],
  )
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
    requests.write(current)
    setReady(true)
  }, [flowType])
  const update = useStoredUpdate(setRequest, requests)
  return { request, update, ready }
}
