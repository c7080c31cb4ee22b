// https://vike.dev/data
import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { localizedPath } from '#shared/routing.ts'

/** Issue 18: one complaint with its timeline. Privacy team only. */
export async function data(pageContext: PageContextServer) {
  const { complaintDesk, deskActor } = pageContext
  if (!complaintDesk || !deskActor) throw render(403)
  const reference = pageContext.routeParams.reference ?? ''
  try {
    const complaint = await complaintDesk.detail(deskActor, reference)
    // A reference typed in another case finds the complaint; the address shows it as it is written.
    if (complaint.reference !== reference)
      throw redirect(
        localizedPath(pageContext.lang, `/internal-privacy-rights/complaints/${complaint.reference}`),
      )
    return { complaint }
  } catch (error) {
    if (error instanceof Error && error.name === 'NotFound') throw render(404)
    throw error
  }
}

export type Data = Awaited<ReturnType<typeof data>>
