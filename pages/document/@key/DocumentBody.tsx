import { usePageContext } from '#renderer/usePageContext.tsx'

/** The document's sanitized HTML, from the document store (rendered on the server only: a content page). */
export function DocumentBody({ documentKey }: { documentKey: string }) {
  const { documents, locale } = usePageContext()
  const html = documents?.get(documentKey, locale)?.html ?? ''
  return (
    <div
      id="document-body"
      className="document__body prose"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with an allow-list when the store loads it
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
