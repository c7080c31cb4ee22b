// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { caseByReference } from '#pages/internal-privacy-rights/case-by-reference.ts'

/** Issue 16: one request with its timeline, as the desk service answers it. Privacy team only. */
export async function data(pageContext: PageContextServer) {
  const { desk, deskActor } = pageContext
  if (!desk || !deskActor) throw render(403)
  const request = await caseByReference(pageContext, 'requests', (ref) => desk.detail(deskActor, ref))
  // Issue 32: the reference in the title tells several open tabs apart.
  return {
    request,
    titleKey: 'staff.desk.request.heading' as const,
    titleParams: { reference: request.reference },
  }
}

export type Data = Awaited<ReturnType<typeof data>>
