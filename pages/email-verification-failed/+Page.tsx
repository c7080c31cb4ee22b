import { ResultPage } from '#renderer/components/ResultPage.tsx'
import { useData } from '#renderer/useData.ts'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { Data } from './+data'

export default function Page() {
  const { mailbox } = useData<Data>()
  const t = useTranslate()
  const [before, after] = t('verification.failed.text', { mailbox: '\u0000' }).split('\u0000')
  return (
    <ResultPage
      tone="error"
      titleKey="verification.failed.title"
      text={
        <>
          {before}
          <a href={`mailto:${mailbox}`}>{mailbox}</a>
          {after}
        </>
      }
      action={{ href: '/', labelKey: 'verification.home' }}
    />
  )
}
