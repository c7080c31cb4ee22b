import { ResultPage } from '../../renderer/components/ResultPage'
import { useTranslate } from '../../renderer/useTranslate'

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
