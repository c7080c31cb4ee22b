// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import type { StatusNotice } from '#shared/privacy-rights/status-page.ts'

/** A notice that refuses something: the page says it at the code field and in its title. */
const REFUSALS: readonly StatusNotice[] = ['wrong', 'expired', 'locked', 'limited', 'locked_package']

/**
 * Issue 16 item 7 and issue 25 item 4: the requester's view of their request through a link of ours (the
 * receipt's or the reply's). Opening it changes nothing. It shows the request's course and each brand's
 * outcome; the replies and the access package only after the code mailed to the request's address.
 */
export async function data(pageContext: PageContextServer) {
  const token = new URLSearchParams(pageContext.search).get('token') ?? ''
  const access = pageContext.requesterAccess
  const view = access ? await access.view(token, pageContext.statusUnlocked ?? null) : null
  const notice = view ? (pageContext.statusNotice ?? null) : null
  return {
    view,
    token: view ? token : '',
    notice,
    ...(notice && REFUSALS.includes(notice)
      ? { titleKey: 'privacy_rights.status.title_error' as const }
      : {}),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
