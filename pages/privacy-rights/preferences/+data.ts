// https://vike.dev/data
import type { PageContextServer } from 'vike/types'

/**
 * Issue 28: the preference centre. Without a token, the form that mails a link; with one, the reader's choices
 * per brand and channel, read through it (opening it changes nothing: mail scanners open links).
 */
export async function data(pageContext: PageContextServer) {
  const token = new URLSearchParams(pageContext.search).get('token') ?? ''
  const view = token && pageContext.preferences ? await pageContext.preferences.view(token) : null
  return { token: view ? token : '', view, lapsed: token !== '' && view === null }
}

export type Data = Awaited<ReturnType<typeof data>>
