import { useEffect } from 'react'
import type { PhraseKey } from '#shared/i18n/translate.ts'
import { useTranslate } from '../useTranslate'

/** Spec §3 'Banner state' and §9: success hides after 4 seconds; an error stays until it is closed. */
export const SUCCESS_BANNER_MS = 4000

export interface BannerState {
  type: 'success' | 'error'
  textKey: PhraseKey
}

export function Banner({ banner, onClose }: { banner: BannerState | null; onClose: () => void }) {
  const t = useTranslate()
  useEffect(() => {
    if (banner?.type !== 'success') return
    const timer = setTimeout(onClose, SUCCESS_BANNER_MS)
    return () => clearTimeout(timer)
  }, [banner, onClose])
  return (
    <div className="banner-region" role="status" aria-live="polite">
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
