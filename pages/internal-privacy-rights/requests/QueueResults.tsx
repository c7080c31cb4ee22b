import { useEffect, useRef } from 'react'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { REQUEST_STATUS_LABELS } from '#shared/desk-labels.ts'
import { formatLongDate } from '#shared/format.ts'
import { FLOW_LABELS } from '#shared/labels.ts'
import { PAGE_SIZE } from '#shared/privacy-rights/desk.ts'
import type { Data } from './+data'
import { DeskPager, DeskTable } from './DeskFields'
import { DueBadge } from './DueBadge'
import { queryString } from './QueueFilters'

/** The list's columns. */
const COLUMNS = [
  'staff.desk.field.reference',
  'staff.desk.queue.type',
  'staff.desk.field.country_language',
  'staff.desk.field.received',
  'staff.desk.queue.status',
  'staff.desk.field.due',
] as const

/** Issue 31 (moved from +Page.tsx): a page of the queue, its count in the heading, and the pager. */
export function QueueResults({ items, total, filters, base }: Omit<Data, 'countries'> & { base: string }) {
  const { lang, site } = usePageContext()
  const t = useTranslate()
  const date = (iso: string | null) => (iso ? formatLongDate(iso.slice(0, 10), lang, site.country) : '–')
  const offset = filters.offset ?? 0
  const first = total === 0 ? 0 : offset + 1
  const last = Math.min(offset + PAGE_SIZE, total)
  // Issue 32: a page of results the filters, the search or the pager asked for opens at its heading, which
  // takes the focus (read out with the count), rather than at the top of the page, from where the keyboard
  // would cross the whole form again.
  const resultsRef = useRef<HTMLHeadingElement>(null)
  const asked = queryString(filters, offset) !== ''
  useEffect(() => {
    if (asked) resultsRef.current?.focus()
  }, [asked])
  return (
    <section className="card" aria-labelledby="results-heading">
      <h2 id="results-heading" ref={resultsRef} tabIndex={-1}>
        {t('staff.desk.queue.results', { smart_count: total, first, last })}
      </h2>
      {items.length === 0 ? (
        <p>{t('staff.desk.queue.empty')}</p>
      ) : (
        <DeskTable
          labelledBy="results-heading"
          headings={COLUMNS.map((key) => t(key))}
          rows={items.map((item) => ({
            key: item.reference,
            head: <a href={`${base}/${item.reference}`}>{item.reference}</a>,
            cells: [
              t(FLOW_LABELS[item.flowType]),
              `${item.country} · ${item.language}`,
              date(item.receivedAt),
              <span key="status" className={`desk-status desk-status--${item.status}`}>
                {t(REQUEST_STATUS_LABELS[item.status])}
              </span>,
              <span key="due">
                {date(item.dueAt)} <DueBadge daysLeft={item.daysLeft} />
              </span>,
            ],
          }))}
        />
      )}
      <DeskPager
        total={total}
        offset={offset}
        pageSize={PAGE_SIZE}
        href={(at) => `${base}${queryString(filters, at)}`}
      />
    </section>
  )
}
