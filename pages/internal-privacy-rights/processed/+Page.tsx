import '../staff.css'
import '../desk.css'
import { Summary } from '#renderer/components/Summary.tsx'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { formatAddress } from '#shared/address.ts'
import { formatDateTime } from '#shared/format.ts'
import { CHANNEL_LABELS, IDENTITY_CHECK_LABELS, STAFF_ACTION_LABELS } from '#shared/labels.ts'
import type { SuppressionChannel } from '#shared/privacy-rights/request.ts'
import { localizedPath } from '#shared/routing.ts'
import { DeskTable } from '../requests/DeskFields'
import type { Data } from './+data'

/**
 * Spec §2 'Internal processed page': what was recorded, and a back-to-form button. The form reset itself
 * when the objection was recorded, so the button opens an empty form.
 */
export default function Page() {
  const { recorded, recent } = useData<Data>()
  const { lang, site } = usePageContext()
  const t = useTranslate()
  const time = (iso: string) => formatDateTime(iso, lang, site.country)
  const channels = (list: readonly SuppressionChannel[] | undefined) =>
    (list ?? []).map((channel) => t(CHANNEL_LABELS[channel])).join(', ')
  const rows: [string, string | null][] = recorded
    ? [
        [t('staff.processed.reference'), recorded.reference],
        [t('staff.processed.recorded_at'), time(recorded.recordedAt)],
        [t('staff.processed.brands'), recorded.brands.join(', ')],
        [t('staff.processed.channels'), channels(recorded.channels)],
        [t('staff.processed.email'), recorded.email],
        [t('staff.processed.phone'), recorded.phoneNumber],
        [t('staff.processed.name'), recorded.name],
        [t('staff.processed.address'), formatAddress(recorded.address)],
        [t('staff.processed.identity'), t(IDENTITY_CHECK_LABELS[recorded.identityCheck])],
        [t('staff.processed.identity_note'), recorded.identityNote],
        [
          t('staff.processed.confirmation'),
          recorded.confirmationMail
            ? t('staff.processed.confirmation_sent')
            : t('staff.processed.confirmation_none'),
        ],
      ]
    : []

  return (
    <div className="staff-processed">
      <section className={`result-page card${recorded ? ' result-page--success' : ''}`}>
        <h1>{recorded ? t('staff.processed.heading') : t('staff.processed.heading_none')}</h1>
        {recorded ? (
          <>
            <p className="lead">{t('staff.processed.lead')}</p>
            <Summary rows={rows} />
          </>
        ) : (
          <p className="lead">{t('staff.processed.none')}</p>
        )}
        <p>
          <a href={localizedPath(lang, '/internal-privacy-rights/direct-marketing')} className="button">
            {t('staff.processed.back_to_form')}
          </a>
        </p>
      </section>
      <section className="card staff-audit" aria-labelledby="audit-heading">
        <h2 id="audit-heading">{t('staff.audit.heading')}</h2>
        {recent.length === 0 ? (
          <p>{t('staff.audit.empty')}</p>
        ) : (
          <DeskTable
            labelledBy="audit-heading"
            narrow
            headings={[t('staff.audit.when'), t('staff.audit.what'), t('staff.audit.request')]}
            rows={recent.map((entry) => ({
              key: entry.id,
              cells: [
                time(entry.occurredAt),
                `${t(STAFF_ACTION_LABELS[entry.action])}${entry.details.channels ? ` (${channels(entry.details.channels)})` : ''}`,
                entry.requestId ?? '–',
              ],
            }))}
          />
        )}
      </section>
    </div>
  )
}
