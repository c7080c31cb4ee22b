import { Marked, type Token, type Tokens } from 'marked'
import sanitizeHtml from 'sanitize-html'
import type { TextBlock } from '#shared/document-history.ts'
import type { Heading, ParsedDocument } from '#shared/documents.ts'

export type { Heading, ParsedDocument }

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n/
const ANCHOR = /\s*\{#([a-z0-9-]+)\}\s*$/

/**
 * Our document format: front matter (title, updated, summary, description), then Markdown whose `##` and `###`
 * headings end in a stable anchor, `## Wie zijn wij? {#wie-zijn-wij}`.
 */
export function parseDocument(source: string, name: string): ParsedDocument {
  const match = FRONT_MATTER.exec(source.replace(/\r\n/g, '\n'))
  if (!match) throw new Error(`${name}: no front matter`)
  const meta = frontMatter(match[1] ?? '', name)
  const body = source.replace(/\r\n/g, '\n').slice(match[0].length)
  const headings: Heading[] = []
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(
        this: { parser: { parseInline: (tokens: Tokens.Generic[]) => string } },
        token: Tokens.Heading,
      ) {
        const inner = this.parser.parseInline(token.tokens)
        const anchor = ANCHOR.exec(inner)
        if (token.depth < 2 || token.depth > 3)
          throw new Error(`${name}: only ## and ### headings are allowed`)
        if (!anchor?.[1]) throw new Error(`${name}: heading "${token.text}" has no {#anchor}`)
        const id = anchor[1]
        if (headings.some((heading) => heading.id === id))
          throw new Error(`${name}: anchor #${id} is used twice`)
        const html = inner.replace(ANCHOR, '')
        headings.push({ id, text: sanitizeHtml(html, { allowedTags: [] }), level: token.depth as 2 | 3 })
        return `<h${token.depth} id="${id}">${html}</h${token.depth}>\n`
      },
      table(this: unknown, token: Tokens.Table) {
        // Wide tables scroll inside their own focusable box instead of widening the page: a region named by
        // the heading it stands under (issue 32), so the focus lands on something a screen reader can name.
        const under = headings.at(-1)?.id
        if (!under) throw new Error(`${name}: a table stands under no heading`)
        return `<div class="table-scroll" role="region" aria-labelledby="${under}" tabindex="0">${defaultTable(token)}</div>\n`
      },
    },
  })
  const tokens = marked.lexer(body)
  const raw = marked.parser(tokens)
  const html = sanitizeHtml(raw, SANITIZE)
  const words = sanitizeHtml(html, { allowedTags: [] }).split(/\s+/).filter(Boolean).length
  return { ...meta, html, headings, words, blocks: textBlocks(tokens) }
}

/**
 * Issue 29: the text a reader compares, block by block: each heading, paragraph, list item, table row and
 * quoted paragraph as plain text (links read as their text, a heading without its anchor).
 */
function textBlocks(tokens: readonly Token[], quoted = false): TextBlock[] {
  return tokens.flatMap((token): TextBlock[] => {
    switch (token.type) {
      case 'heading':
        return [{ kind: token.depth === 2 ? 'h2' : 'h3', text: plainText(token.tokens).replace(ANCHOR, '') }]
      case 'paragraph':
      case 'text':
        return [{ kind: quoted ? 'quote' : 'p', text: plainText(token.tokens ?? []) || token.text }]
      case 'list':
        return (token as Tokens.List).items.flatMap((item) => {
          const [first, ...rest] = textBlocks(item.tokens, quoted)
          return [...(first ? [{ ...first, kind: 'li' as const }] : []), ...rest]
        })
      case 'table': {
        const table = token as Tokens.Table
        return [table.header, ...table.rows].map((cells) => ({
          kind: 'row' as const,
          text: cells.map((cell) => plainText(cell.tokens)).join(' | '),
        }))
      }
      case 'blockquote':
        return textBlocks((token as Tokens.Blockquote).tokens, true)
      default:
        return []
    }
  })
}

/** The words of inline tokens as a reader sees them (markup and link targets left out). */
function plainText(tokens: readonly Token[] | undefined): string {
  return (tokens ?? [])
    .map((token) => {
      if ('tokens' in token && token.tokens) return plainText(token.tokens)
      if (token.type === 'br') return ' '
      if (token.type === 'html') return ''
      return 'text' in token ? String(token.text) : ''
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
}

const plain = new Marked({ gfm: true })
function defaultTable(token: Tokens.Table): string {
  return plain.parser([token])
}

/** The allow-list every document passes through when it is loaded. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'p',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'a',
    'blockquote',
    'br',
    'code',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'div',
  ],
  allowedAttributes: {
    a: ['href'],
    h2: ['id'],
    h3: ['id'],
    div: ['class', 'role', 'aria-labelledby', 'tabindex'],
  },
  allowedClasses: { div: ['table-scroll'] },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
}

function frontMatter(
  text: string,
  name: string,
): Pick<ParsedDocument, 'title' | 'updated' | 'summary' | 'description'> {
  const fields = new Map<string, string>()
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':')
    if (colon < 1) continue
    const value = line.slice(colon + 1).trim()
    fields.set(line.slice(0, colon).trim(), value.replace(/^"(.*)"$/, '$1'))
  }
  const title = fields.get('title')
  const updated = fields.get('updated')
  const description = fields.get('description')
  if (!title || !description) throw new Error(`${name}: front matter needs title and description`)
  if (!updated || !/^\d{4}-\d{2}-\d{2}$/.test(updated) || Number.isNaN(Date.parse(updated))) {
    throw new Error(`${name}: front matter needs updated: yyyy-mm-dd`)
  }
  const summary = fields.get('summary')
  // Issue 29: what this version changed, one line in the file's language (the history and the feed show it).
  if (!summary || summary.length > SUMMARY_MAX)
    throw new Error(`${name}: front matter needs summary: one line of at most ${SUMMARY_MAX} characters`)
  return { title, updated, summary, description }
}

const SUMMARY_MAX = 200
