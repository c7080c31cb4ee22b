// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { caseByReference } from '#pages/internal-privacy-rights/case-by-reference.ts'

/** Issue 18: one complaint with its timeline. Privacy team only. */
export async function data(pageContext: PageContextServer) {
  const { complaintDesk, deskActor } = pageContext
  if (!complaintDesk || !deskActor) throw render(403)
  const complaint = await caseByReference(pageContext, 'complaints', (ref) =>
    complaintDesk.detail(deskActor, ref),
  )
  // Issue 32: the reference in the title tells several open tabs apart.
  return {
    complaint,
    titleKey: 'staff.complaints.detail.heading' as const,
    titleParams: { reference: complaint.reference },
  }
}

export type Data = Awaited<ReturnType<typeof data>>
