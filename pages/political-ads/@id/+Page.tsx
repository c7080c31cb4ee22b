import { Link } from '#renderer/components/Link.tsx'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { formatLongDate } from '#shared/format.ts'
import { earlierVersions, noticeLanguage, noticeUrl } from '#shared/political-ads.ts'
import { SideMenuLayout } from '../SideMenu'
import type { Data } from './+data'
import { ComplaintModal } from './ComplaintModal'
import { FIELD_LABELS, noticeRows } from './noticeRows'

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
  const rows = noticeRows(item, t, lang, site.country)
  const earlier = earlierVersions(item, versions)
  const date = (value: string) => formatLongDate(value, lang, site.country)
  const noticeLang = noticeLanguage(site.country, lang)
  const permanent = noticeUrl(site.origin, noticeLang, item.id)
  const qr = `/api/campaign-items/${encodeURIComponent(item.id)}/qr.svg?lang=${noticeLang}`
  return (
    <SideMenuLayout>
      {backLink}
      <h1>{item.sponsorName}</h1>
      {item.withdrawnAt && (
        <div className="notice-withdrawn" role="note">
          <p>
            <strong>
              {t('political_ads.detail.withdrawn', {
                date: formatLongDate(item.withdrawnAt.slice(0, 10), lang, site.country),
              })}
            </strong>
          </p>
          <p>{t('political_ads.detail.withdrawn_reason', { reason: item.withdrawalReason ?? '' })}</p>
        </div>
      )}
      <p className="lead">{t('political_ads.detail.intro', { id: item.id })}</p>
      <p>
        {t('political_ads.detail.last_changed', {
          date: formatLongDate(item.changedAt.slice(0, 10), lang, site.country),
          version: item.version,
        })}
      </p>
      <dl className="summary">
        {rows.map(([label, value]) => (
          <div key={label} className="summary__row">
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {withdrawals.some((withdrawal) => withdrawal.reinstatedAt) && (
        <section aria-labelledby="withdrawals-heading">
          <h2 id="withdrawals-heading">{t('political_ads.detail.withdrawals_heading')}</h2>
          <ul>
            {withdrawals.flatMap((withdrawal) =>
              withdrawal.reinstatedAt
                ? [
                    <li key={withdrawal.withdrawnAt}>
                      {t('political_ads.detail.withdrawal_line', {
                        withdrawn: date(withdrawal.withdrawnAt),
                        reason: withdrawal.reason,
                        reinstated: date(withdrawal.reinstatedAt),
                        reinstatement: withdrawal.reinstatementReason ?? '',
                      })}
                    </li>,
                  ]
                : [],
            )}
          </ul>
        </section>
      )}
      {versions.length > 0 && (
        <section aria-labelledby="versions-heading">
          <h2 id="versions-heading">{t('political_ads.detail.versions_heading')}</h2>
          <ul className="notice-versions">
            {versions.map((version, index) => {
              // Each changed row as this version showed it, formatted as the current notice's row.
              const labels = [...new Set(version.changed.map((field) => FIELD_LABELS[field]))]
              const before = new Map(noticeRows(earlier[index] ?? item, t, lang, site.country))
              return (
                <li key={version.version}>
                  <p>
                    {t('political_ads.detail.version_line', {
                      version: version.version,
                      date: formatLongDate(version.replacedAt.slice(0, 10), lang, site.country),
                      fields: labels.map((label) => t(label)).join(', '),
                    })}
                  </p>
                  <dl className="summary">
                    {labels.map((label) => (
                      <div key={label} className="summary__row">
                        <dt>{t(label)}</dt>
                        <dd>
                          {t('political_ads.detail.was')} {before.get(label)}
                        </dd>
                      </div>
                    ))}
                  </dl>
                </li>
              )
            })}
          </ul>
        </section>
      )}
      <section className="notice-link" aria-labelledby="notice-link-heading">
        <h2 id="notice-link-heading">{t('political_ads.detail.permanent_heading')}</h2>
        <p>{t('political_ads.detail.permanent_intro')}</p>
        <p className="notice-link__url">
          <a href={permanent}>{permanent}</a>
        </p>
        <img
          className="notice-link__qr"
          src={qr}
          width="160"
          height="160"
          alt={t('political_ads.detail.qr_alt', { id: item.id })}
        />
        <p>
          <a href={qr} download={`${item.id}-qr.svg`}>
            {t('political_ads.detail.qr_download')}
          </a>
        </p>
      </section>
      <ComplaintModal campaignId={item.id} />
    </SideMenuLayout>
  )
}
