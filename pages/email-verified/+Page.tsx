import { ResultPage } from '#renderer/components/ResultPage.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'

export default function Page() {
  const t = useTranslate()
  return (
    <ResultPage
      tone="success"
      titleKey="verification.verified.title"
      text={t('verification.verified.text')}
      action={{ href: '/', labelKey: 'verification.home' }}
    />
  )
}
