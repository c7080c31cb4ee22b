import { useTranslate } from '#renderer/useTranslate.tsx'
import { FlowForm } from '../FlowForm'

/** Spec §2: the access request; account holders add the details of their account to be recognised. */
export default function Page() {
  const t = useTranslate()
  return (
    <>
      <h1>{t('privacy_rights.access.heading')}</h1>
      <FlowForm
        flowType="RIGHT_OF_ACCESS"
        intro={<p className="lead">{t('privacy_rights.access.intro')}</p>}
        accountIntro={t('privacy_rights.access.account_intro')}
        fields={{ message: 'optional' }}
      />
    </>
  )
}
