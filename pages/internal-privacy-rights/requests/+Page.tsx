import '../staff.css'
import '../desk.css'
import { useEffect, useRef } from 'react'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { COUNTRY_LABELS, REQUEST_STATUS_LABELS } from '#shared/desk-labels.ts'
import { formatLongDate, numberFormatter } from '#shared/format.ts'
import { FLOW_LABELS } from '#shared/labels.ts'
import type { Language } from '#shared/locale.ts'
import {
  CSV_MAX_ROWS,
  type DeskQuery,
  DUE_FILTERS,
  PAGE_SIZE,
  REQUEST_STATUSES,
} from '#shared/privacy-rights/desk.ts'
import { FLOW_TYPES } from '#shared/privacy-rights/request.ts'
import { localizedPath } from '#shared/routing.ts'
import type { Data } from './+data'
import { DeskPager, DeskSelect, DeskTable } from './DeskFields'
import { DueBadge } from './DueBadge'

/** The query string of a filter set, without empty values. */
function queryString(filters: DeskQuery, offset = 0, lang?: Language): string {
  const params = new URLSearchParams()
  for (const name of ['status', 'flowType', 'country', 'due', 'q'] as const) {
    const value = filters[name]
    if (value) params.set(name, value)
  }
  if (offset > 0) params.set('offset', String(offset))
  if (lang) params.set('lang', lang)
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The list's columns. */
const COLUMNS = [
  'staff.desk.field.reference',
  'staff.desk.queue.type',
  'staff.desk.field.country_language',
  'staff.desk.field.received',
  'staff.desk.queue.status',
  'staff.desk.field.due',
] as const

/**
 * Issue 16: the privacy team's queue. Soonest due first; filters are a GET form, so the page works and can
 * be bookmarked without script; the CSV export takes the same filters.
 */
export default function Page() {
  const { items, total, filters, countries } = useData<Data>()
  const { lang, site } = usePageContext()
  const t = useTranslate()
  const date = (iso: string | null) => (iso ? formatLongDate(iso.slice(0, 10), lang, site.country) : '–')
  const number = numberFormatter(lang, site.country)
  const offset = filters.offset ?? 0
  const base = localizedPath(lang, '/internal-privacy-rights/requests')
  const first = total === 0 ? 0 : offset + 1
  const last = Math.min(offset + PAGE_SIZE, total)
  const any = { label: t('staff.desk.queue.any') }
  // Issue 32: a page of results the filters, the search or the pager asked for opens at its heading, which
  // takes the focus (read out with the count), rather than at the top of the page, from where the keyboard
  // would cross the whole form again.
  const resultsRef = useRef<HTMLHeadingElement>(null)
  const asked = queryString(filters, offset) !== ''
  useEffect(() => {
    if (asked) resultsRef.current?.focus()
  }, [asked])
  const selects = [
    {
      label: t('staff.desk.queue.status'),
      name: 'status',
      value: filters.status,
      options: REQUEST_STATUSES.map((status) => [status, t(REQUEST_STATUS_LABELS[status])] as const),
    },
    {
      label: t('staff.desk.queue.type'),
      name: 'flowType',
      value: filters.flowType,
      options: FLOW_TYPES.map((flow) => [flow, t(FLOW_LABELS[flow])] as const),
    },
    // One country to see: nothing to choose.
    ...(countries.length > 1
      ? [
          {
            label: t('staff.desk.queue.country'),
            name: 'country',
            value: filters.country,
            options: countries.map((country) => [country, t(COUNTRY_LABELS[country])] as const),
          },
        ]
      : []),
    {
      label: t('staff.desk.queue.due'),
      name: 'due',
      value: filters.due,
      options: DUE_FILTERS.map(
        (due) =>
          [due, t(due === 'week' ? 'staff.desk.queue.due_week' : 'staff.desk.queue.due_overdue')] as const,
      ),
    },
  ]

  return (
    <div className="desk">
      <h1>{t('staff.desk.queue.heading')}</h1>
      <form
        className="card desk-filters"
        method="get"
        action={base}
        aria-labelledby="filters-heading"
        onSubmit={(event) => {
          // The same GET, without the empty filters: a short address to bookmark or share.
          event.preventDefault()
          const params = new URLSearchParams()
          for (const [name, value] of new FormData(event.currentTarget))
            if (typeof value === 'string' && value.trim()) params.set(name, value.trim())
          const query = params.toString()
          window.location.assign(query ? `${base}?${query}` : base)
        }}
      >
        <h2 id="filters-heading" className="desk-filters__heading">
          {t('staff.desk.queue.filters')}
        </h2>
        <div className="desk-filters__fields">
          <label className="field">
            <span className="field__label">{t('staff.desk.queue.search')}</span>
            <input
              className="field__input"
              type="search"
              name="q"
              defaultValue={filters.q ?? ''}
              aria-describedby="search-hint"
              autoComplete="off"
            />
            <span id="search-hint" className="field__hint">
              {t('staff.desk.queue.search_hint')}
            </span>
          </label>
          {selects.map((select) => (
            <DeskSelect key={select.name} {...select} placeholder={any} />
          ))}
        </div>
        <p className="desk-filters__actions">
          <button type="submit" className="button">
            {t('staff.desk.queue.apply')}
          </button>
          <a href={base}>{t('staff.desk.queue.reset')}</a>
          <a href={`/api/internal-privacy-rights/requests.csv${queryString(filters, 0, lang)}`} download>
            {t('staff.desk.queue.csv')}
          </a>
        </p>
        {total > CSV_MAX_ROWS && (
          <p className="field__hint">{t('staff.desk.queue.csv_limit', { max: number(CSV_MAX_ROWS) })}</p>
        )}
      </form>

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
    </div>
  )
}
