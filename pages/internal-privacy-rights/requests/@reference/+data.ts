// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'

/** Issue 16: one request with its timeline, as the desk service answers it. Privacy team only. */
export async function data(pageContext: PageContextServer) {
  const { desk, deskActor } = pageContext
  if (!desk || !deskActor) throw render(403)
  const reference = pageContext.routeParams.reference ?? ''
  try {
    return { request: await desk.detail(deskActor, reference) }
  } catch (error) {
    if (error instanceof Error && error.name === 'NotFound') throw render(404)
    throw error
  }
}

export type Data = Awaited<ReturnType<typeof data>>
