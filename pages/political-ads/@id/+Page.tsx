import { Link } from '#renderer/components/Link.tsx'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { PhraseKey } from '#shared/i18n/translate.ts'
import { CAMPAIGN_CHANNEL_LABELS, CAMPAIGN_STATUS_LABELS, FUNDING_LABELS } from '#shared/labels.ts'
import { noticeUrl } from '#shared/political-ads.ts'
import { campaignFigures } from '../format'
import { SideMenuLayout } from '../SideMenu'
import type { Data } from './+data'
import { ComplaintModal } from './ComplaintModal'

export default function Page() {
  const { item, failed, back } = useData<Data>()
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
  const figures = campaignFigures(item, lang, site.country)
  const noticeLang = lang === 'fr' ? 'fr' : 'nl'
  const permanent = noticeUrl(site.origin, noticeLang, item.id)
  const qr = `/api/campaign-items/${encodeURIComponent(item.id)}/qr.svg?lang=${noticeLang}`
  const rows: [PhraseKey, React.ReactNode][] = [
    [
      'political_ads.detail.status',
      <span key="s" className={`badge badge--${item.status}`}>
        {t(CAMPAIGN_STATUS_LABELS[item.status])}
      </span>,
    ],
    ['political_ads.detail.period', figures.period],
    ['political_ads.detail.channel', t(CAMPAIGN_CHANNEL_LABELS[item.channel])],
    ['political_ads.detail.budget', figures.budget],
    ['political_ads.detail.reach', figures.reach],
    ['political_ads.detail.funding_origin', t(FUNDING_LABELS[item.fundingOriginType])],
    ['political_ads.detail.funding_region', t(FUNDING_LABELS[item.fundingRegion])],
    [
      'political_ads.detail.sponsor',
      [item.sponsorName, item.sponsorEmail, item.sponsorAddress].filter(Boolean).join(' · '),
    ],
    [
      'political_ads.detail.payer',
      [item.payerName, item.payerEmail, item.payerAddress].filter(Boolean).join(' · ') || '–',
    ],
    [
      'political_ads.detail.beneficiary',
      [
        item.ultimateBeneficiaryOwnerName,
        item.ultimateBeneficiaryOwnerEmail,
        item.ultimateBeneficiaryOwnerAddress,
      ]
        .filter(Boolean)
        .join(' · ') || '–',
    ],
    [
      'political_ads.detail.context',
      item.campaignContextUrl ? (
        <a key="u" href={item.campaignContextUrl} rel="noopener noreferrer">
          {item.campaignContextUrl}
        </a>
      ) : (
        '–'
      ),
    ],
    ['political_ads.detail.note', figures.note ?? '–'],
    [
      'political_ads.detail.suspended',
      t(item.previousPublicationSuspended ? 'political_ads.detail.yes' : 'political_ads.detail.no'),
    ],
  ]
  return (
    <SideMenuLayout>
      {backLink}
      <h1>{item.sponsorName}</h1>
      <p className="lead">{t('political_ads.detail.intro', { id: item.id })}</p>
      <dl className="summary">
        {rows.map(([label, value]) => (
          <div key={label} className="summary__row">
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
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
