// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'

/** Issue 18: one complaint with its timeline. Privacy team only. */
export async function data(pageContext: PageContextServer) {
  const { complaintDesk, deskActor } = pageContext
  if (!complaintDesk || !deskActor) throw render(403)
  try {
    return { complaint: await complaintDesk.detail(deskActor, pageContext.routeParams.reference ?? '') }
  } catch (error) {
    if (error instanceof Error && error.name === 'NotFound') throw render(404)
    throw error
  }
}

export type Data = Awaited<ReturnType<typeof data>>
