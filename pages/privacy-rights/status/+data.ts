// https://vike.dev/data
import type { PageContextServer } from 'vike/types'

/**
 * Issue 16 item 7: the requester's view of their request through the link in the receipt mail. Opening it
 * changes nothing; it shows no personal data, only the request's course and the replies we sent.
 */
export async function data(pageContext: PageContextServer) {
  const token = new URLSearchParams(pageContext.search).get('token') ?? ''
  const view = pageContext.desk ? await pageContext.desk.statusOf(token) : null
  return { view }
}

export type Data = Awaited<ReturnType<typeof data>>
