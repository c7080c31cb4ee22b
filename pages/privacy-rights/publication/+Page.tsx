import { useTranslate } from '#renderer/useTranslate.tsx'
import { FlowForm } from '../FlowForm'

export default function Page() {
  const t = useTranslate()
  return (
    <>
      <h1>{t('privacy_rights.publication.heading')}</h1>
      <FlowForm
        flowType="REMOVAL_FROM_PUBLICATION"
        intro={<p className="lead">{t('privacy_rights.publication.intro')}</p>}
        accountIntro={t('privacy_rights.publication.account_intro')}
        fields={{ message: 'required', publication: true }}
      />
    </>
  )
}
