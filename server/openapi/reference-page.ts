import { escapeHtml } from '#shared/html.ts'
import {
  anchor,
  answerBody,
  type Components,
  type Json,
  jsonBlock,
  operationDetails,
  prose,
} from './reference-operation'

/**
 * Issue 32: `GET /api/docs`, the API reference page, rendered on the server from the same OpenAPI document
 * as `/api/openapi.json` (the host's audience's copy): a table of contents, a section per tag with each of
 * its operations, the webhooks, the ways to authenticate and the schemas. In English, as the document and
 * its readers, the brand systems' integrators, are (docs/decisions/013-api-reference-page.md). No script.
 */
export const REFERENCE_STYLESHEET = '/api/docs/assets/reference.css'

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']

interface Operation {
  method: string
  label: string
  operation: Json
}

/** The document's operations by their first tag, in the order the document names them. */
function byTag(paths: Record<string, Json>): Map<string, Operation[]> {
  const groups = new Map<string, Operation[]>()
  for (const [path, item] of Object.entries(paths))
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined
      if (!operation) continue
      const shared = (item.parameters ?? []) as unknown[]
      const own = (operation.parameters ?? []) as unknown[]
      const tag = ((operation.tags ?? []) as string[])[0] ?? 'Other'
      const group = groups.get(tag) ?? []
      group.push({ method, label: path, operation: { ...operation, parameters: [...shared, ...own] } })
      groups.set(tag, group)
    }
  return groups
}

/** The document's webhooks, each an operation with its event name for a path. */
function webhookOperations(webhooks: Record<string, Json>): Operation[] {
  return Object.entries(webhooks).flatMap(([event, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      method,
      label: event,
      operation: item[method] as Json,
    })),
  )
}

const operationId = ({ method, label, operation }: Operation) =>
  String(operation.operationId ?? `${method}-${label}`)

function contentsEntry(title: string, id: string, operations: Operation[]): string {
  const items = operations.map(
    (o) =>
      `<li><a href="#${anchor('op', operationId(o))}">${escapeHtml(o.method.toUpperCase())} <code>${escapeHtml(o.label)}</code></a></li>`,
  )
  return `<li><a href="#${id}">${escapeHtml(title)}</a>${items.length ? `<ul>${items.join('')}</ul>` : ''}</li>`
}

function operationsSection(title: string, id: string, operations: Operation[], components: Components) {
  return `<section aria-labelledby="${id}">
<h2 id="${id}">${escapeHtml(title)}</h2>
${operations.map((o) => operationDetails(o.method, o.label, o.operation, components)).join('\n')}
</section>`
}

function authenticationSection(schemes: Record<string, Json>): string {
  const entries = Object.entries(schemes).map(([name, scheme]) => {
    const how =
      scheme.type === 'http'
        ? `HTTP <code>Authorization: ${escapeHtml(String(scheme.scheme))}</code>`
        : `${escapeHtml(String(scheme.type))} in the ${escapeHtml(String(scheme.in))} <code>${escapeHtml(String(scheme.name))}</code>`
    return `<h3 id="${anchor('security', name)}"><code>${escapeHtml(name)}</code></h3>
<p>${how}${scheme.description ? `. ${prose(scheme.description)}` : ''}</p>`
  })
  return `<section aria-labelledby="authentication">
<h2 id="authentication">Authentication</h2>
<p>An operation's Security line names the scheme it needs, or says that anyone may call it.</p>
${entries.join('\n')}
</section>`
}

function sharedAnswersSection(answers: Record<string, Json>): string {
  const entries = Object.entries(answers).map(
    ([name, answer]) =>
      `<h3 id="${anchor('response', name)}"><code>${escapeHtml(name)}</code>: ${prose(answer.description)}</h3>\n${answerBody(answer)}`,
  )
  return `<section aria-labelledby="shared-answers">
<h2 id="shared-answers">Shared answers</h2>
<p>Answers many operations give, each described once here; an operation links to those it may give.</p>
${entries.join('\n')}
</section>`
}

function schemasSection(schemas: Record<string, unknown>): string {
  const entries = Object.entries(schemas).map(
    ([name, schema]) =>
      `<h3 id="${anchor('schema', name)}"><code>${escapeHtml(name)}</code></h3>\n${jsonBlock('Schema', schema)}`,
  )
  return `<section aria-labelledby="schemas">
<h2 id="schemas">Schemas</h2>
${entries.join('\n')}
</section>`
}

/** The whole page for one OpenAPI document. */
export function referencePage(document: Json): string {
  const info = (document.info ?? {}) as Json
  const components = (document.components ?? {}) as Components
  const groups = [...byTag((document.paths ?? {}) as Record<string, Json>)]
  const webhooks = webhookOperations((document.webhooks ?? {}) as Record<string, Json>)
  const server = ((document.servers ?? []) as { url?: string }[])[0]?.url
  const title = String(info.title ?? 'API')
  const sections: [string, string, Operation[]][] = [
    ...groups.map(([tag, operations]): [string, string, Operation[]] => [
      tag,
      anchor('tag', tag),
      operations,
    ]),
    ...(webhooks.length ? [['Webhooks', 'webhooks', webhooks] as [string, string, Operation[]]] : []),
  ]
  const contents = [
    ...sections.map(([name, id, operations]) => contentsEntry(name, id, operations)),
    contentsEntry('Authentication', 'authentication', []),
    contentsEntry('Shared answers', 'shared-answers', []),
    contentsEntry('Schemas', 'schemas', []),
  ]
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference: ${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${REFERENCE_STYLESHEET}">
</head>
<body>
<main id="main">
<h1>${escapeHtml(title)}</h1>
<p>Version ${escapeHtml(String(info.version ?? ''))}. ${prose(info.description)}</p>
${server ? `<p>Server: <code>${escapeHtml(server)}</code>. ` : '<p>'}The same description as an <a href="/api/openapi.json">OpenAPI 3.1 document</a>. Open an operation to read its parameters, body and answers.</p>
<nav aria-labelledby="contents"><h2 id="contents">Contents</h2><ul class="contents">${contents.join('')}</ul></nav>
${sections.map(([name, id, operations]) => operationsSection(name, id, operations, components)).join('\n')}
${authenticationSection((components.securitySchemes ?? {}) as Record<string, Json>)}
${sharedAnswersSection((components.responses ?? {}) as Record<string, Json>)}
${schemasSection(components.schemas ?? {})}
</main>
</body>
</html>`
}
