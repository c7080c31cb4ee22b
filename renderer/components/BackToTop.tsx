import { useEffect, useState } from 'react'
import { useTranslate } from '../useTranslate'

/** Spec §9: the button appears after 100 px of scroll. */
export const BACK_TO_TOP_THRESHOLD = 100

export function BackToTop({ targetId }: { targetId: string }) {
  const t = useTranslate()
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    const update = () => setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])
  if (!visible) return null
  return (
    <button
      type="button"
      className="back-to-top no-print"
      onClick={() => {
        window.scrollTo({ top: 0 })
        document.getElementById(targetId)?.focus({ preventScroll: true })
      }}
    >
      <span aria-hidden="true">↑</span> {t('document.back_to_top')}
    </button>
  )
}
