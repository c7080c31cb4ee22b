import { escapeHtml } from '#shared/html.ts'

/**
 * Issue 32: one operation of the API reference page (reference-page.ts), rendered on the server from the
 * OpenAPI document: a `<details>` whose `<summary>` says method, path and summary, opened by keyboard or
 * pointer without a script; inside it the operation id, who may call it, the parameters as a table, the
 * request body and each answer with its schema and examples.
 */
export type Json = Record<string, unknown>

/** The parts of the document an operation's `$ref`s point into. */
export type Components = Record<string, Record<string, unknown> | undefined>

/** A name as a fragment identifier: the same in a link and in the `id` it goes to. */
export const anchor = (kind: string, name: string) => `${kind}-${name.replace(/[^\w-]/g, '-')}`

/** A description of the document: escaped, its backticked words as code (the only markup its texts use). */
export function prose(text: unknown): string {
  return escapeHtml(String(text ?? '')).replace(/`([^`]+)`/g, '<code>$1</code>')
}

/** A JSON value, indented; each reference to a component schema links to that schema on the page. */
export function jsonBlock(caption: string, value: unknown): string {
  const html = escapeHtml(JSON.stringify(value, null, 2)).replace(
    /#\/components\/schemas\/([\w.-]+)/g,
    (ref, name: string) => `<a href="#${anchor('schema', name)}">${ref}</a>`,
  )
  return `<figure class="json"><figcaption>${prose(caption)}</figcaption><pre>${html}</pre></figure>`
}

/** The object a `$ref` within the document's components names, or the value itself. */
function resolved(value: unknown, components: Components): Json {
  const ref = (value as { $ref?: unknown } | undefined)?.$ref
  if (typeof ref !== 'string' || !ref.startsWith('#/components/')) return (value ?? {}) as Json
  const [, , kind = '', name = ''] = ref.split('/')
  return (components[kind]?.[name] ?? {}) as Json
}

/** Who may call an operation: anyone (`security: []`), or one of the schemes it names. */
function security(requirements: unknown): string {
  const list = Array.isArray(requirements) ? (requirements as Json[]) : []
  const schemes = list.flatMap((requirement) => Object.keys(requirement))
  if (schemes.length === 0) return 'None: anyone may call it'
  return schemes
    .map((scheme) => `<a href="#${anchor('security', scheme)}"><code>${escapeHtml(scheme)}</code></a>`)
    .join(' or ')
}

function parametersTable(parameters: unknown, components: Components): string {
  const list = (Array.isArray(parameters) ? parameters : []).map((p) => resolved(p, components))
  if (list.length === 0) return ''
  const rows = list.map(
    (
      p,
    ) => `<tr><th scope="row"><code>${escapeHtml(String(p.name))}</code>${p.required ? ' (required)' : ''}</th>
<td>${escapeHtml(String(p.in))}</td><td class="schema">${escapeHtml(JSON.stringify(p.schema ?? {}))}</td>
<td>${prose(p.description)}</td></tr>`,
  )
  return `<table><caption>Parameters</caption>
<thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Schema</th><th scope="col">Description</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>`
}

function headersTable(headers: unknown): string {
  const entries = Object.entries((headers ?? {}) as Record<string, Json>)
  if (entries.length === 0) return ''
  const rows = entries.map(
    ([name, h]) => `<tr><th scope="row"><code>${escapeHtml(name)}</code></th>
<td class="schema">${escapeHtml(JSON.stringify(h.schema ?? {}))}</td><td>${prose(h.description)}</td></tr>`,
  )
  return `<table><caption>Headers</caption>
<thead><tr><th scope="col">Header</th><th scope="col">Schema</th><th scope="col">Description</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>`
}

/** Each media type of a body or an answer: its schema and its examples, one or named. */
function content(media: unknown): string {
  return Object.entries((media ?? {}) as Record<string, Json>)
    .map(([type, { schema, example, examples }]) => {
      const named = Object.values((examples ?? {}) as Record<string, { summary?: string; value?: unknown }>)
      return [
        `<p>Content type <code>${escapeHtml(type)}</code></p>`,
        schema === undefined ? '' : jsonBlock('Schema', schema),
        example === undefined ? '' : jsonBlock('Example', example),
        ...named.map((e) => jsonBlock(`Example: ${e.summary ?? ''}`, e.value)),
      ].join('\n')
    })
    .join('\n')
}

function requestBody(body: unknown, components: Components): string {
  if (body === undefined) return ''
  const { required, description, content: media } = resolved(body, components)
  return `<h3>Request body${required ? ' (required)' : ''}</h3>
${description ? `<p>${prose(description)}</p>` : ''}${content(media)}`
}

/** An answer described in full: its headers, and its body's schema and examples. */
export function answerBody(answer: Json): string {
  return `${headersTable(answer.headers)}${content(answer.content)}`
}

/**
 * The operation's answers: its own in full; a shared one (a `$ref` to the document's responses, the same
 * for many operations) as a link to where it is described once, which keeps the page small.
 */
function responses(answers: unknown, components: Components): string {
  const entries = Object.entries((answers ?? {}) as Record<string, Json>)
  const own = entries.filter(([, answer]) => typeof answer.$ref !== 'string')
  const shared = entries.flatMap(([status, answer]) => {
    const name = typeof answer.$ref === 'string' ? answer.$ref.split('/').pop() : undefined
    if (!name) return []
    const { description } = resolved(answer, components)
    return [`<li>${escapeHtml(status)} <a href="#${anchor('response', name)}">${prose(description)}</a></li>`]
  })
  return [
    own.length || shared.length ? '<h3>Responses</h3>' : '',
    ...own.map(
      ([status, answer]) => `<h4><code>${escapeHtml(status)}</code> ${prose(answer.description)}</h4>
${answerBody(answer)}`,
    ),
    shared.length ? `<h4>Shared answers</h4><ul>${shared.join('')}</ul>` : '',
  ].join('\n')
}

/** An operation of a path (`label`: its path) or a webhook (`label`: its event), as a `<details>`. */
export function operationDetails(
  method: string,
  label: string,
  operation: Json,
  components: Components,
): string {
  const id = String(operation.operationId ?? `${method}-${label}`)
  return `<details class="operation" id="${anchor('op', id)}">
<summary><span class="method method--${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span>
<code class="path">${escapeHtml(label)}</code> <span class="operation-summary">${prose(operation.summary)}</span></summary>
<div class="operation-body">
${operation.description ? `<p>${prose(operation.description)}</p>` : ''}
<dl class="facts"><dt>Operation ID</dt><dd><code>${escapeHtml(String(operation.operationId ?? 'none'))}</code></dd>
<dt>Security</dt><dd>${security(operation.security)}</dd></dl>
${parametersTable(operation.parameters, components)}
${requestBody(operation.requestBody, components)}
${responses(operation.responses, components)}
</div>
</details>`
}
