import '../staff.css'
import '../desk.css'
import { useEffect, useRef } from 'react'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { COMPLAINT_STATUS_LABELS } from '#shared/desk-labels.ts'
import { formatLongDate } from '#shared/format.ts'
import { COMPLAINT_REASON_LABELS } from '#shared/labels.ts'
import { COMPLAINT_STATUSES } from '#shared/political-ads.ts'
import { localizedPath } from '#shared/routing.ts'
import { DeskPager, DeskSelect, DeskTable } from '../requests/DeskFields'
import type { Data } from './+data'

/** Issue 18, Art. 15: the complaints queue of the privacy desk. */
/** The list's columns. */
const COLUMNS = [
  'staff.complaints.field.reference',
  'staff.complaints.field.notice',
  'staff.complaints.field.reason',
  'staff.complaints.field.received',
  'staff.complaints.field.status',
  'staff.complaints.field.due',
] as const

export default function Page() {
  const { items, total, status, offset, limit } = useData<Data>()
  const { lang, site } = usePageContext()
  const t = useTranslate()
  const base = localizedPath(lang, '/internal-privacy-rights/complaints')
  const date = (iso: string) => formatLongDate(iso.slice(0, 10), lang, site.country)
  const first = total === 0 ? 0 : offset + 1
  const last = Math.min(offset + limit, total)
  const pageAt = (at: number) => {
    const params = new URLSearchParams()
    if (status) params.set('status', status)
    if (at > 0) params.set('offset', String(at))
    const query = params.toString()
    return query ? `${base}?${query}` : base
  }
  // Issue 32, as on the requests queue: a page of results the filter or the pager asked for opens at its
  // heading, which takes the focus (read out with the count), so the keyboard does not cross the form again.
  const resultsRef = useRef<HTMLHeadingElement>(null)
  const asked = Boolean(status) || offset > 0
  useEffect(() => {
    if (asked) resultsRef.current?.focus()
  }, [asked])
  return (
    <div className="desk">
      <h1>{t('staff.complaints.list.heading')}</h1>
      <form
        className="card desk-filters"
        method="get"
        action={base}
        aria-label={t('staff.desk.queue.filters')}
      >
        <div className="desk-filters__fields">
          <DeskSelect
            label={t('staff.complaints.field.status')}
            name="status"
            value={status ?? ''}
            options={COMPLAINT_STATUSES.map((s) => [s, t(COMPLAINT_STATUS_LABELS[s])])}
            placeholder={{ label: t('staff.complaints.list.any') }}
          />
        </div>
        <p className="desk-filters__actions">
          <button type="submit" className="button">
            {t('staff.complaints.list.apply')}
          </button>
        </p>
      </form>
      <section className="card" aria-labelledby="complaints-heading">
        <h2 id="complaints-heading" ref={resultsRef} tabIndex={-1}>
          {t('staff.complaints.list.results', { smart_count: total, first, last })}
        </h2>
        {items.length === 0 ? (
          <p>{t('staff.complaints.list.empty')}</p>
        ) : (
          <DeskTable
            labelledBy="complaints-heading"
            headings={COLUMNS.map((key) => t(key))}
            rows={items.map((item) => ({
              key: item.reference,
              head: <a href={`${base}/${item.reference}`}>{item.reference}</a>,
              cells: [
                item.sponsorName ? `${item.sponsorName} (${item.campaignId})` : item.campaignId,
                t(COMPLAINT_REASON_LABELS[item.reason]),
                date(item.receivedAt),
                <span key="status" className="desk-status">
                  {t(COMPLAINT_STATUS_LABELS[item.status])}
                </span>,
                item.closedAt ? t('staff.complaints.list.closed') : date(item.dueAt),
              ],
            }))}
          />
        )}
        <DeskPager total={total} offset={offset} pageSize={limit} href={pageAt} />
      </section>
    </div>
  )
}
