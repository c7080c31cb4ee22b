import { type ReactNode, useId, useState } from 'react'

/** A heading with a button that shows and hides the content below it (spec §4: collapsible blocks). */
export function Collapsible({
  title,
  children,
  level = 2,
}: {
  title: string
  children: ReactNode
  level?: 2 | 3
}) {
  const [open, setOpen] = useState(false)
  const contentId = useId()
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <div className={open ? 'collapsible collapsible--open' : 'collapsible'}>
      <Heading className="collapsible__heading">
        <button
          type="button"
          className="collapsible__toggle"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen((value) => !value)}
        >
          {title}
          <span className="collapsible__icon" aria-hidden="true" />
        </button>
      </Heading>
      <div id={contentId} className="collapsible__content" hidden={!open}>
        {children}
      </div>
    </div>
  )
}
