import { useEffect, useRef } from 'react'

/** Issue 31 (moved from +Page.tsx): the preference centre's status line. */

export type Message = { kind: 'success' | 'error'; text: string } | null

/** A status line that takes the focus when it changes, so it is read out and Tab goes on from it. */
export function StatusLine({ message }: { message: Message }) {
  const ref = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (message) ref.current?.focus()
  }, [message])
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="status"
      className={message ? `preferences-message preferences-message--${message.kind}` : 'preferences-message'}
    >
      {message?.text}
    </p>
  )
}
