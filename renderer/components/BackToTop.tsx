import { useTranslate } from '../useTranslate'

/**
 * Spec §2 'Document page': a back-to-top button, rendered hidden; renderer/enhance/back-to-top.ts shows it
 * after 100 px of scroll and, on a click, scrolls up and puts the focus on `targetId`.
 */
export function BackToTop({ targetId }: { targetId: string }) {
  const t = useTranslate()
  return (
    <button type="button" className="back-to-top no-print" data-back-to-top={targetId} hidden>
      <span aria-hidden="true">↑</span> {t('document.back_to_top')}
    </button>
  )
}
