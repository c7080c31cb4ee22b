// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'

/**
 * Issue 28: the page of a one-click unsubscribe link (server/api/unsubscribe.ts hands it what the token says).
 * Reached without a link, there is nothing here.
 */
export function data(pageContext: PageContextServer) {
  const view = pageContext.unsubscribe
  if (!view) throw render(404)
  return {
    view,
    ...(view.state === 'unknown' ? { titleKey: 'unsubscribe.unknown_title' as const } : {}),
    ...(view.state === 'done' ? { titleKey: 'unsubscribe.done_title' as const } : {}),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
