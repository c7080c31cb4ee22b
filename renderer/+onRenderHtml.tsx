// https://vike.dev/onRenderHtml
import { renderToString } from 'react-dom/server'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import { FATHOM_SCRIPT_URL } from '#shared/analytics.ts'
import { escapeHtml } from '#shared/html.ts'
import { clientPageContext, contextScript, PAGE_CONTEXT_ID } from './client-context'
import { headTags } from './head'
import { ID_PREFIX, PageRoot } from './PageRoot'
import { PageShell } from './PageShell'

export function onRenderHtml(pageContext: PageContextServer) {
  const { Page } = pageContext
  // The page is a React root of its own, which a form page hydrates; the shell around it never is.
  const pageHtml = Page
    ? renderToString(
        <PageRoot pageContext={pageContext}>
          <Page />
        </PageRoot>,
        { identifierPrefix: ID_PREFIX.page },
      )
    : ''
  const html = renderToString(<PageShell pageContext={pageContext} pageHtml={pageHtml} />, {
    identifierPrefix: ID_PREFIX.shell,
  })
  // A form page hydrates from this; a content page needs none (issue 19).
  const context = pageContext.config.hydrate
    ? contextScript(clientPageContext(pageContext), PAGE_CONTEXT_ID)
    : ''
  const head = headTags(pageContext)
  // A nonce exists in development only (docs/decisions/006): production policies allow Fathom by origin.
  const nonce = pageContext.cspNonce ? ` nonce="${escapeHtml(pageContext.cspNonce)}"` : ''
  const alternates = head.alternates
    .map(
      (alternate) =>
        `<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}">`,
    )
    .join('\n')
  const robots = head.noindex ? '\n<meta name="robots" content="noindex, nofollow">' : ''
  const fathom = head.fathomSiteId
    ? `<script src="${FATHOM_SCRIPT_URL}" data-site="${escapeHtml(head.fathomSiteId)}" defer${nonce}></script>`
    : ''
  return escapeInject`<!doctype html>
<html lang="${head.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${head.title}</title>
<meta name="description" content="${head.description}">${dangerouslySkipEscape(robots)}
<link rel="canonical" href="${head.canonical}">
${dangerouslySkipEscape(alternates)}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<meta name="theme-color" content="#16324f">
${dangerouslySkipEscape(fathom)}
</head>
<body>
<div id="root">${dangerouslySkipEscape(html)}</div>
${dangerouslySkipEscape(context)}
</body>
</html>`
}
