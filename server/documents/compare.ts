import { diffArrays, diffSentences } from 'diff'
import type { ComparedBlock, Segment, TextBlock } from '#shared/document-history.ts'

/**
 * Issue 29: a version of a document compared with the one before it. Blocks (headings, paragraphs, list
 * items, rows) are matched first; a block that changed is compared sentence by sentence, so only the
 * sentences that differ are marked, never a whole paragraph for one word. jsdiff (`diff`) does both: a
 * maintained implementation of Myers' algorithm with a sentence tokenizer, not one of our own.
 */
export function compareVersions(older: readonly TextBlock[], newer: readonly TextBlock[]): ComparedBlock[] {
  const compared: ComparedBlock[] = []
  let removed: TextBlock[] = []
  const flushRemoved = () => {
    for (const block of removed) compared.push(whole(block, 'removed'))
    removed = []
  }
  for (const part of diffArrays([...older], [...newer], { comparator: sameBlock })) {
    if (part.removed) {
      removed.push(...part.value)
      continue
    }
    if (part.added) {
      // A removed block and an added one of the same kind in its place are one block that changed.
      for (const block of part.value) {
        const match = removed.findIndex((old) => old.kind === block.kind && shareASentence(old, block))
        if (match === -1) {
          compared.push(whole(block, 'added'))
          continue
        }
        for (const old of removed.slice(0, match)) compared.push(whole(old, 'removed'))
        compared.push(changed(removed[match] as TextBlock, block))
        removed = removed.slice(match + 1)
      }
      continue
    }
    flushRemoved()
    for (const block of part.value) compared.push({ ...whole(block, 'same'), change: 'same' })
  }
  flushRemoved()
  return compared
}

const sameBlock = (a: TextBlock, b: TextBlock) => a.kind === b.kind && a.text === b.text

const whole = (block: TextBlock, change: 'same' | 'added' | 'removed'): ComparedBlock => ({
  kind: block.kind,
  change,
  segments: [{ text: block.text, change }],
})

/** Two versions of a block that keep at least one sentence, or a short block (a heading, a list item). */
function shareASentence(old: TextBlock, block: TextBlock): boolean {
  if (old.kind !== 'p' && old.kind !== 'quote') return true
  return diffSentences(old.text, block.text).some((part) => !part.added && !part.removed && part.value.trim())
}

/** A block that changed, sentence by sentence; spaces between sentences are never marked. */
function changed(old: TextBlock, block: TextBlock): ComparedBlock {
  const segments: Segment[] = []
  const push = (text: string, change: Segment['change']) => {
    if (!text) return
    const last = segments.at(-1)
    if (last && last.change === change) last.text += text
    else segments.push({ text, change })
  }
  for (const part of diffSentences(old.text, block.text)) {
    const change = part.added ? 'added' : part.removed ? 'removed' : 'same'
    if (change === 'same') {
      push(part.value, 'same')
      continue
    }
    const [, before = '', core = '', after = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(part.value) ?? []
    push(before, 'same')
    push(core, change)
    push(after, 'same')
  }
  return { kind: block.kind, change: 'changed', segments }
}
