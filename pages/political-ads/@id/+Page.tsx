import { Link } from '#renderer/components/Link.tsx'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { formatLongDate } from '#shared/format.ts'
import { SideMenuLayout } from '../SideMenu'
import type { Data } from './+data'
import { ComplaintModal } from './ComplaintModal'
import { PermanentLink, Versions, Withdrawals, WithdrawnNote } from './NoticeSections'
import { noticeRows } from './noticeRows'

export default function Page() {
  const { item, versions, withdrawals, failed, back } = useData<Data>()
  const { site, lang } = usePageContext()
  const t = useTranslate()
  const backLink = (
    <p>
      <Link href={`/political-ads${back}`}>← {t('political_ads.detail.back')}</Link>
    </p>
  )
  if (failed || !item) {
    return (
      <SideMenuLayout>
        <p className="field__error">{t('political_ads.detail.load_failure')}</p>
        {backLink}
      </SideMenuLayout>
    )
  }
  return (
    <SideMenuLayout>
      {backLink}
      <h1>{item.sponsorName}</h1>
      <WithdrawnNote item={item} />
      <p className="lead">{t('political_ads.detail.intro', { id: item.id })}</p>
      <p>
        {t('political_ads.detail.last_changed', {
          date: formatLongDate(item.changedAt.slice(0, 10), lang, site.country),
          version: item.version,
        })}
      </p>
      <dl className="summary">
        {noticeRows(item, t, lang, site.country).map(([label, value]) => (
          <div key={label} className="summary__row">
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Withdrawals withdrawals={withdrawals} />
      <Versions item={item} versions={versions} />
      <PermanentLink id={item.id} />
      <ComplaintModal campaignId={item.id} />
    </SideMenuLayout>
  )
}
