import { useData } from '#renderer/useData.ts'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { FlowForm } from '../FlowForm'
import type { Data } from './+data'

export default function Page() {
  const { brandNames } = useData<Data>()
  const t = useTranslate()
  return (
    <>
      <h1>{t('privacy_rights.rectification.heading')}</h1>
      <FlowForm
        flowType="RECTIFICATION"
        intro={<p className="lead">{t('privacy_rights.rectification.intro')}</p>}
        accountIntro={t('privacy_rights.rectification.account_intro')}
        fields={{ message: 'required', brandNames }}
      />
    </>
  )
}
