// https://vike.dev/guard
import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'

/**
 * Spec §2 and §6: the staff area exists only where INTERNAL_PRIVACY_RIGHTS is on. The server's staff gate
 * (server/staff/router.ts) signs people in; this guard is the second lock: no staff page renders without
 * a session, except the sign-in page.
 */
export function guard(pageContext: PageContextServer) {
  if (!pageContext.site.toggles.INTERNAL_PRIVACY_RIGHTS) throw render(404)
  const signIn = pageContext.logicalPath.startsWith('/internal-privacy-rights/sign-in')
  if (!signIn && !pageContext.staffIdentity) {
    throw redirect(`/${pageContext.lang}/internal-privacy-rights/sign-in`)
  }
}
