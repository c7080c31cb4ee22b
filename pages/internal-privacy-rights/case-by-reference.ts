import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { localizedPath } from '#shared/routing.ts'

/**
 * The case a desk page's address names: 404 when there is none, and a redirect to the reference as it is
 * written when it was typed in another case (references are found case-insensitively).
 */
export async function caseByReference<Case extends { reference: string }>(
  pageContext: PageContextServer,
  folder: 'requests' | 'complaints',
  find: (reference: string) => Promise<Case>,
): Promise<Case> {
  const reference = pageContext.routeParams.reference ?? ''
  try {
    const found = await find(reference)
    if (found.reference !== reference)
      throw redirect(localizedPath(pageContext.lang, `/internal-privacy-rights/${folder}/${found.reference}`))
    return found
  } catch (error) {
    if (error instanceof Error && error.name === 'NotFound') throw render(404)
    throw error
  }
}
