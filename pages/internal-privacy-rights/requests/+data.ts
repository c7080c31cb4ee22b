// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { deskQueryFrom } from '#shared/privacy-rights/desk.ts'

/**
 * Issue 16: the queue as the desk service answers it, filtered by the query string (a plain GET form, so a
 * filtered queue is a link one can share). Privacy team only: customer-service staff get a 403.
 */
export async function data(pageContext: PageContextServer) {
  const { desk, deskActor } = pageContext
  if (!desk || !deskActor) throw render(403)
  const filters = deskQueryFrom(new URLSearchParams(pageContext.search))
  const { items, total } = await desk.list(deskActor, filters)
  return { items, total, filters, countries: [...deskActor.countries] }
}

export type Data = Awaited<ReturnType<typeof data>>
