import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { pickPhrases } from '#shared/i18n/translate.ts'
import { type ClientPageContext, clientPageContext, contextScript } from '../client-context'
import { islandIdPrefix, PageRoot } from '../PageRoot'
import { usePageContext } from '../usePageContext'

/**
 * A part of a content page that needs React (issue 19): rendered here on the server as a React root of its
 * own, with the page context it needs beside it as JSON. renderer/enhance/islands.ts loads its script only
 * when the visitor reaches for it (focus, pointer, submit) and hydrates it. Islands live on content pages
 * only: a hydrated page renders its parts itself.
 */
export function Island({
  name,
  phrases,
  children,
}: {
  name: string
  phrases: string[]
  children: ReactNode
}) {
  const pageContext = usePageContext()
  // Only the island's own phrases, and none of the page's data, travel with it.
  const context: ClientPageContext = {
    ...clientPageContext(pageContext),
    phrases: pickPhrases(pageContext.phrases, phrases),
    data: undefined,
  }
  const html = renderToString(<PageRoot pageContext={{ ...pageContext, ...context }}>{children}</PageRoot>, {
    identifierPrefix: islandIdPrefix(name),
  })
  return (
    <div
      data-island={name}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the island's context (JSON) and its own server-rendered HTML
      dangerouslySetInnerHTML={{ __html: `${contextScript(context)}<div data-island-root>${html}</div>` }}
    />
  )
}
