import { useState } from 'react'
import { usePageContext } from '#renderer/usePageContext.tsx'

const BODY_ID = 'document-body'

/**
 * The document's sanitized HTML. On the server it comes from the document store; in the browser it is
 * read back from the server-rendered DOM, so the page does not ship the text a second time as data.
 */
export function DocumentBody({ documentKey }: { documentKey: string }) {
  const { documents, locale } = usePageContext()
  const [html] = useState(() =>
    documents
      ? (documents.get(documentKey, locale)?.html ?? '')
      : (globalThis.document?.getElementById(BODY_ID)?.innerHTML ?? ''),
  )
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with an allow-list when the store loads it
  return <div id={BODY_ID} className="document__body prose" dangerouslySetInnerHTML={{ __html: html }} />
}
