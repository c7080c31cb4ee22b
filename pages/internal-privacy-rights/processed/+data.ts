// https://vike.dev/data
import type { PageContextServer } from 'vike/types'

/**
 * The objection named by `?request=` as the database holds it, shown only to the staff member who recorded
 * it, and their own recent audit entries.
 */
export async function data(pageContext: PageContextServer) {
  const { staff, staffIdentity } = pageContext
  if (!staff || !staffIdentity) return { recorded: null, recent: [] }
  const id = new URLSearchParams(pageContext.search).get('request') ?? ''
  const recorded = /^[0-9a-f-]{36}$/.test(id) ? await staff.recorded(id, staffIdentity) : null
  return { recorded, recent: await staff.recent(staffIdentity, 10) }
}

export type Data = Awaited<ReturnType<typeof data>>
