// https://vike.dev/onRenderHtml
import { renderToString } from 'react-dom/server'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import { FATHOM_SCRIPT_URL } from '#shared/analytics.ts'
import { escapeHtml } from '#shared/html.ts'
import { headTags } from './head'
import { PageShell } from './PageShell'

export function onRenderHtml(pageContext: PageContextServer) {
  const { Page } = pageContext
  const html = Page
    ? renderToString(
        <PageShell pageContext={pageContext}>
          <Page />
        </PageShell>,
      )
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
  const fathom = head.fathomSiteId
    ? `<script src="${FATHOM_SCRIPT_URL}" data-site="${escapeHtml(head.fathomSiteId)}" defer${nonce}></script>`
    : ''
  return escapeInject`<!doctype html>
<html lang="${head.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${head.title}</title>
<meta name="description" content="${head.description}">
<link rel="canonical" href="${head.canonical}">
${dangerouslySkipEscape(alternates)}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<meta name="theme-color" content="#16324f">
${dangerouslySkipEscape(fathom)}
</head>
<body>
<div id="root">${dangerouslySkipEscape(html)}</div>
</body>
</html>`
}
