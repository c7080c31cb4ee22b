import { useTranslate } from '../useTranslate'

/** The first stop of Tab on every page, public (in the header) and staff (issue 32): straight to `main`. */
export function SkipLink() {
  const t = useTranslate()
  return (
    <a className="skip-link" href="#main">
      {t('layout.skip_to_content')}
    </a>
  )
}
