import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { formatLongDate } from '#shared/format.ts'
import {
  earlierVersions,
  type Notice,
  type NoticeVersion,
  type NoticeWithdrawal,
  noticeLanguage,
  noticeUrl,
} from '#shared/political-ads.ts'
import { FIELD_LABELS, noticeRows } from './noticeRows'

/** The sections of a notice's page below its summary (spec §2 'Detail page', issue 18). */

/** A notice taken back: when, and why. */
export function WithdrawnNote({ item }: { item: Notice }) {
  const { site, lang } = usePageContext()
  const t = useTranslate()
  if (!item.withdrawnAt) return null
  return (
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
  )
}

/** Earlier withdrawals that were taken back, each with its reasons; nothing when there are none. */
export function Withdrawals({ withdrawals }: { withdrawals: readonly NoticeWithdrawal[] }) {
  const { site, lang } = usePageContext()
  const t = useTranslate()
  const date = (value: string) => formatLongDate(value, lang, site.country)
  if (!withdrawals.some((withdrawal) => withdrawal.reinstatedAt)) return null
  return (
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
  )
}

/** The earlier versions, newest first: each changed row as that version showed it; nothing when none. */
export function Versions({ item, versions }: { item: Notice; versions: readonly NoticeVersion[] }) {
  const { site, lang } = usePageContext()
  const t = useTranslate()
  if (versions.length === 0) return null
  const earlier = earlierVersions(item, versions)
  return (
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
  )
}

/** The notice's permanent address, as a link and as a QR code to download. */
export function PermanentLink({ id }: { id: string }) {
  const { site, lang } = usePageContext()
  const t = useTranslate()
  const noticeLang = noticeLanguage(site.country, lang)
  const permanent = noticeUrl(site.origin, noticeLang, id)
  const qr = `/api/campaign-items/${encodeURIComponent(id)}/qr.svg?lang=${noticeLang}`
  return (
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
        alt={t('political_ads.detail.qr_alt', { id })}
      />
      <p>
        <a href={qr} download={`${id}-qr.svg`}>
          {t('political_ads.detail.qr_download')}
        </a>
      </p>
    </section>
  )
}
