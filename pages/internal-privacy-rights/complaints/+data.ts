// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { COMPLAINT_STATUSES, type ComplaintStatus } from '#shared/political-ads.ts'

/** Issue 18: the complaints about political ads, open ones first by due date. Privacy team only. */
export async function data(pageContext: PageContextServer) {
  const { complaintDesk, deskActor } = pageContext
  if (!complaintDesk || !deskActor) throw render(403)
  const raw = new URLSearchParams(pageContext.search).get('status') ?? ''
  const status = (COMPLAINT_STATUSES as readonly string[]).includes(raw)
    ? (raw as ComplaintStatus)
    : undefined
  const { items, total } = await complaintDesk.list(deskActor, status)
  return { items, total, status: status ?? null }
}

export type Data = Awaited<ReturnType<typeof data>>
