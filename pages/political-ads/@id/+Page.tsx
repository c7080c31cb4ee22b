import { Link } from '#renderer/components/Link.tsx'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { formatLongDate } from '#shared/format.ts'
import type { PhraseKey } from '#shared/i18n/translate.ts'
import {
  CAMPAIGN_CHANNEL_LABELS,
  CAMPAIGN_STATUS_LABELS,
  FUNDING_LABELS,
  LINKED_PROCESS_LABELS,
} from '#shared/labels.ts'
import { type CampaignItem, noticeUrl } from '#shared/political-ads.ts'
import { campaignFigures } from '../format'
import { SideMenuLayout } from '../SideMenu'
import type { Data } from './+data'
import { ComplaintModal } from './ComplaintModal'

/** Which row of the notice a changed field belongs to, for the list of earlier versions. */
const FIELD_LABELS: Record<keyof CampaignItem, PhraseKey> = {
  id: 'political_ads.detail.intro_id',
  status: 'political_ads.detail.status',
  sponsorName: 'political_ads.detail.sponsor',
  sponsorEmail: 'political_ads.detail.sponsor',
  sponsorAddress: 'political_ads.detail.sponsor',
  publicationStartDate: 'political_ads.detail.period',
  publicationEndDate: 'political_ads.detail.period',
  budgetLowerBound: 'political_ads.detail.budget',
  budgetUpperBound: 'political_ads.detail.budget',
  reachLowerBound: 'political_ads.detail.reach',
  reachUpperBound: 'political_ads.detail.reach',
  channel: 'political_ads.detail.channel',
  fundingOriginType: 'political_ads.detail.funding_origin',
  fundingRegion: 'political_ads.detail.funding_region',
  campaignContextUrl: 'political_ads.detail.context',
  campaignContextNoteNl: 'political_ads.detail.note',
  campaignContextNoteFr: 'political_ads.detail.note',
  previousPublicationSuspended: 'political_ads.detail.suspended',
  payerName: 'political_ads.detail.payer',
  payerEmail: 'political_ads.detail.payer',
  payerAddress: 'political_ads.detail.payer',
  ultimateBeneficiaryOwnerName: 'political_ads.detail.beneficiary',
  ultimateBeneficiaryOwnerEmail: 'political_ads.detail.beneficiary',
  ultimateBeneficiaryOwnerAddress: 'political_ads.detail.beneficiary',
  amountsMethodology: 'political_ads.detail.methodology',
  linkedProcessType: 'political_ads.detail.linked_process',
  linkedProcessName: 'political_ads.detail.linked_process',
  linkedProcessDate: 'political_ads.detail.linked_process',
  electionInfoUrl: 'political_ads.detail.election_info',
  targetingUsed: 'political_ads.detail.targeting',
  targetingInfoUrl: 'political_ads.detail.targeting',
  repositoryUrl: 'political_ads.detail.repository',
  suspensions: 'political_ads.detail.suspended',
}

export default function Page() {
  const { item, versions, failed, back } = useData<Data>()
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
  // Issue 18: an element that does not apply says so, never an empty row.
  const na = t('political_ads.detail.not_applicable')
  const date = (value: string) => formatLongDate(value, lang, site.country)
  const link = (href: string | undefined) =>
    href ? (
      <a href={href} rel="noopener noreferrer">
        {href}
      </a>
    ) : (
      na
    )
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
      [item.payerName, item.payerEmail, item.payerAddress].filter(Boolean).join(' · ') || na,
    ],
    [
      'political_ads.detail.beneficiary',
      [
        item.ultimateBeneficiaryOwnerName,
        item.ultimateBeneficiaryOwnerEmail,
        item.ultimateBeneficiaryOwnerAddress,
      ]
        .filter(Boolean)
        .join(' · ') || na,
    ],
    [
      'political_ads.detail.context',
      item.campaignContextUrl ? (
        <a key="u" href={item.campaignContextUrl} rel="noopener noreferrer">
          {item.campaignContextUrl}
        </a>
      ) : (
        na
      ),
    ],
    ['political_ads.detail.note', figures.note ?? na],
    ['political_ads.detail.methodology', item.amountsMethodology ?? na],
    [
      'political_ads.detail.linked_process',
      item.linkedProcessType
        ? [
            t(LINKED_PROCESS_LABELS[item.linkedProcessType]),
            item.linkedProcessName,
            item.linkedProcessDate && date(item.linkedProcessDate),
          ]
            .filter(Boolean)
            .join(' · ')
        : na,
    ],
    ['political_ads.detail.election_info', link(item.electionInfoUrl)],
    [
      'political_ads.detail.targeting',
      item.targetingUsed === undefined ? (
        na
      ) : (
        <span key="t">
          {t(
            item.targetingUsed
              ? 'political_ads.detail.targeting_used'
              : 'political_ads.detail.targeting_none',
          )}
          {item.targetingInfoUrl && (
            <>
              {' '}
              <a href={item.targetingInfoUrl} rel="noopener noreferrer">
                {t('political_ads.detail.targeting_more')}
              </a>
            </>
          )}
        </span>
      ),
    ],
    ['political_ads.detail.repository', link(item.repositoryUrl)],
    [
      'political_ads.detail.suspended',
      item.suspensions && item.suspensions.length > 0 ? (
        <ul key="s" className="notice-suspensions">
          {item.suspensions.map((suspension) => (
            <li key={suspension.date}>
              {date(suspension.date)}
              {suspension.reason ? `: ${suspension.reason}` : ''}
            </li>
          ))}
        </ul>
      ) : (
        t(item.previousPublicationSuspended ? 'political_ads.detail.yes' : 'political_ads.detail.no')
      ),
    ],
  ]
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
      {versions.length > 0 && (
        <section aria-labelledby="versions-heading">
          <h2 id="versions-heading">{t('political_ads.detail.versions_heading')}</h2>
          <ul>
            {versions.map((version) => (
              <li key={version.version}>
                {t('political_ads.detail.version_line', {
                  version: version.version,
                  date: formatLongDate(version.replacedAt.slice(0, 10), lang, site.country),
                  fields: [...new Set(version.changed.map((field) => t(FIELD_LABELS[field])))].join(', '),
                })}
              </li>
            ))}
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
