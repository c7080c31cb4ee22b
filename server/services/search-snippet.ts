import type { SnippetPart } from '#shared/search.ts'
/**
 * About 160 characters around the first matched term, with every matched term marked. The piece starts and
 * ends on word boundaries (issue 20: never "…ebsite"), with an ellipsis where the text goes on.
 */
export function snippet(text: string, terms: string[], width = 160): SnippetPart[] {
  const lower = text.toLowerCase()
  const positions = terms.map((term) => lower.indexOf(term.toLowerCase())).filter((i) => i >= 0)
  const first = positions.length > 0 ? Math.min(...positions) : 0
  let start = Math.max(0, first - Math.floor(width / 3))
  // Back to the start of the word the cut falls in.
  while (start > 0 && !/\s/.test(text[start - 1] ?? '')) start--
  let end = Math.min(text.length, start + width)
  if (end < text.length) {
    // Back to the end of the last whole word; forward instead when that would lose the matched term.
    const space = text.slice(0, end + 1).search(/\s\S*$/)
    end = space > first ? space : text.slice(end).search(/\s|$/) + end
  }
  const body = text.slice(start, end).trim()
  const piece = `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`
  const pattern = terms.length > 0 ? new RegExp(`(${terms.map(escapeRegExp).join('|')})`, 'gi') : null
  if (!pattern) return [{ text: piece, match: false }]
  return piece
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, match: terms.some((term) => term.toLowerCase() === part.toLowerCase()) }))
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
