import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { FlowForm } from '../FlowForm'

/** Spec §2 and §9: erasure of all data, except what the law makes us keep (and, in NL, two services). */
export default function Page() {
  const { site } = usePageContext()
  const t = useTranslate()
  return (
    <>
      <h1>{t('privacy_rights.forgotten.heading')}</h1>
      <FlowForm
        flowType="RIGHT_TO_BE_FORGOTTEN"
        intro={
          <>
            <p className="lead">{t('privacy_rights.forgotten.intro')}</p>
            <p>{t('privacy_rights.forgotten.retention')}</p>
            {site.country === 'NL' && <p>{t('privacy_rights.forgotten.excluded_nl')}</p>}
          </>
        }
        accountIntro={t('privacy_rights.forgotten.account_intro')}
        fields={{ message: 'optional' }}
      />
    </>
  )
}
