import type { ReactNode } from 'react'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { ComparedBlock, Segment } from '#shared/document-history.ts'

/**
 * The compared text, block by block: added text is `<ins>`, removed text `<del>`: underlined and struck
 * through (never colour alone), and each begins and ends with a label a screen reader reads ("toegevoegd: …
 * einde toevoeging"). Each changed block is a target of the list of changes (`changed`: the blocks' indexes).
 */
export function CompareText({
  blocks,
  changed,
  contentLang,
}: {
  blocks: readonly ComparedBlock[]
  changed: readonly number[]
  contentLang: string | undefined
}) {
  const { lang } = usePageContext()
  const t = useTranslate()
  const mark = (segment: Segment, key: number) => {
    if (segment.change === 'same') return segment.text
    const Tag = segment.change === 'added' ? 'ins' : 'del'
    const [label, end] =
      segment.change === 'added'
        ? [t('document_history.added'), t('document_history.added_end')]
        : [t('document_history.removed'), t('document_history.removed_end')]
    return (
      <Tag key={key}>
        <span className="visually-hidden" lang={lang}>{`${label} `}</span>
        {segment.text}
        <span className="visually-hidden" lang={lang}>{` (${end})`}</span>
      </Tag>
    )
  }
  const inline = (block: ComparedBlock) =>
    block.segments.flatMap((segment, index) => {
      // A removed sentence and the one that replaced it read apart.
      const gap = index > 0 && segment.change === 'added' && block.segments[index - 1]?.change === 'removed'
      return gap ? [' ', mark(segment, index)] : [mark(segment, index)]
    })
  return (
    <div className="compare__text prose" lang={contentLang}>
      {groupLists(blocks).map((group) => {
        if (Array.isArray(group))
          return (
            <ul key={group[0]?.index}>
              {group.map(({ block, index }) => (
                <li key={index} {...anchor(changed, index)} className={blockClass(block)}>
                  {inline(block)}
                </li>
              ))}
            </ul>
          )
        const { block, index } = group
        return element(
          block,
          { key: index, ...anchor(changed, index), className: blockClass(block) },
          inline(block),
        )
      })}
    </div>
  )
}

type Indexed = { block: ComparedBlock; index: number }

/** List items in a row belong in one list. */
function groupLists(blocks: readonly ComparedBlock[]): (Indexed | Indexed[])[] {
  const groups: (Indexed | Indexed[])[] = []
  blocks.forEach((block, index) => {
    const last = groups.at(-1)
    if (block.kind !== 'li') groups.push({ block, index })
    else if (Array.isArray(last)) last.push({ block, index })
    else groups.push([{ block, index }])
  })
  return groups
}

/** Each changed block is a target of the list of changes at the top. */
function anchor(changed: readonly number[], index: number) {
  const n = changed.indexOf(index)
  return n === -1 ? {} : { id: `change-${n + 1}`, tabIndex: -1 }
}

const blockClass = (block: ComparedBlock) => `compare__block compare__block--${block.change}`

function element(
  block: ComparedBlock,
  props: { key: number; id?: string; tabIndex?: number; className: string },
  children: ReactNode,
) {
  const { key, ...rest } = props
  switch (block.kind) {
    case 'h2':
      return (
        <h2 key={key} {...rest}>
          {children}
        </h2>
      )
    case 'h3':
      return (
        <h3 key={key} {...rest}>
          {children}
        </h3>
      )
    case 'quote':
      return (
        <blockquote key={key} {...rest}>
          <p>{children}</p>
        </blockquote>
      )
    default:
      return (
        <p key={key} {...rest}>
          {children}
        </p>
      )
  }
}
