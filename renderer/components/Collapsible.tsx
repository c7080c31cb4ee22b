import { type ReactNode, useId } from 'react'

/**
 * A heading with a button that shows and hides the content below it (spec §4: collapsible blocks). Rendered
 * closed; renderer/enhance/collapsible.ts opens and closes it.
 */
export function Collapsible({
  title,
  children,
  level = 2,
}: {
  title: string
  children: ReactNode
  level?: 2 | 3
}) {
  const contentId = useId()
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <div className="collapsible">
      <Heading className="collapsible__heading">
        <button type="button" className="collapsible__toggle" aria-expanded="false" aria-controls={contentId}>
          {title}
          <span className="collapsible__icon" aria-hidden="true" />
        </button>
      </Heading>
      <div id={contentId} className="collapsible__content" hidden>
        {children}
      </div>
    </div>
  )
}
