// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { complaintQueryFrom } from '#shared/political-ads.ts'

/** Issue 18: the complaints about political ads, open ones first by due date, a page at a time. Privacy team only. */
export async function data(pageContext: PageContextServer) {
  const { complaintDesk, deskActor } = pageContext
  if (!complaintDesk || !deskActor) throw render(403)
  const query = complaintQueryFrom(new URLSearchParams(pageContext.search))
  const { items, total } = await complaintDesk.list(deskActor, query)
  return { items, total, status: query.status ?? null, offset: query.offset, limit: query.limit }
}

export type Data = Awaited<ReturnType<typeof data>>
