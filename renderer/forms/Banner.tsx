import { useEffect, useRef } from 'react'
import type { PhraseKey } from '#shared/i18n/translate.ts'
import { useTranslate } from '../useTranslate'

/** Spec §3 'Banner state' and §9: success hides after 4 seconds; an error stays until it is closed. */
export const SUCCESS_BANNER_MS = 4000

export interface BannerState {
  type: 'success' | 'error'
  textKey: PhraseKey
}

/**
 * A form's banner. By default it sticks below the header at the top of a long form; `inline`, it stands in
 * the form's flow where it is placed (issue 20: the contact form's banner sits under its button, so it
 * covers no field), and comes into view when it appears.
 */
export function Banner({
  banner,
  onClose,
  inline = false,
}: {
  banner: BannerState | null
  onClose: () => void
  inline?: boolean
}) {
  const t = useTranslate()
  const region = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (banner?.type !== 'success') return
    const timer = setTimeout(onClose, SUCCESS_BANNER_MS)
    return () => clearTimeout(timer)
  }, [banner, onClose])
  useEffect(() => {
    if (banner && inline) region.current?.scrollIntoView({ block: 'nearest' })
  }, [banner, inline])
  return (
    <div
      ref={region}
      className={inline ? 'banner-region banner-region--inline' : 'banner-region'}
      role="status"
      aria-live="polite"
    >
      {banner && (
        <div className={`banner banner--${banner.type}`}>
          <p>{t(banner.textKey)}</p>
          <button
            type="button"
            className="banner__close"
            onClick={onClose}
            aria-label={t('forms.close_message')}
          >
            ×
          </button>
        </div>
      )}
    </div>
  )
}
