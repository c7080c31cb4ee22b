import { ResultPage } from '#renderer/components/ResultPage.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'

/** Spec §8: the link is invalid; submit a new request. */
export default function Page() {
  const t = useTranslate()
  return (
    <ResultPage
      tone="error"
      titleKey="verification.expired.title"
      text={t('verification.expired.text')}
      action={{ href: '/privacy-rights', labelKey: 'verification.expired.new_request' }}
    />
  )
}
