// https://vike.dev/data
import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { localizedPath } from '#shared/routing.ts'

/** Issue 16: one request with its timeline, as the desk service answers it. Privacy team only. */
export async function data(pageContext: PageContextServer) {
  const { desk, deskActor } = pageContext
  if (!desk || !deskActor) throw render(403)
  const reference = pageContext.routeParams.reference ?? ''
  try {
    const request = await desk.detail(deskActor, reference)
    // A reference typed in another case finds the request; the address shows it as it is written.
    if (request.reference !== reference)
      throw redirect(
        localizedPath(pageContext.lang, `/internal-privacy-rights/requests/${request.reference}`),
      )
    return { request }
  } catch (error) {
    if (error instanceof Error && error.name === 'NotFound') throw render(404)
    throw error
  }
}

export type Data = Awaited<ReturnType<typeof data>>
