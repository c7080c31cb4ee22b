import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { COUNTRY_LABELS, REQUEST_STATUS_LABELS } from '#shared/desk-labels.ts'
import { numberFormatter } from '#shared/format.ts'
import type { Translate } from '#shared/i18n/translate.ts'
import { FLOW_LABELS } from '#shared/labels.ts'
import type { Language } from '#shared/locale.ts'
import { CSV_MAX_ROWS, type DeskQuery, DUE_FILTERS, REQUEST_STATUSES } from '#shared/privacy-rights/desk.ts'
import { FLOW_TYPES } from '#shared/privacy-rights/request.ts'
import type { Data } from './+data'
import { DeskSelect } from './DeskFields'

/** The query string of a filter set, without empty values. */
export function queryString(filters: DeskQuery, offset = 0, lang?: Language): string {
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

/**
 * Issue 31 (moved from +Page.tsx): the queue's filters, a GET form to `base`, with the search, a select per
 * filter and the CSV export of the same filters.
 */
export function QueueFilters({
  filters,
  countries,
  total,
  base,
}: Pick<Data, 'filters' | 'countries' | 'total'> & { base: string }) {
  const { lang, site } = usePageContext()
  const t = useTranslate()
  const number = numberFormatter(lang, site.country)
  const any = { label: t('staff.desk.queue.any') }
  return (
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
        {filterSelects(t, filters, countries).map((select) => (
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
  )
}

/** A select per filter: status, type, country (when there is more than one to see) and due date. */
function filterSelects(t: Translate, filters: DeskQuery, countries: Data['countries']) {
  return [
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
}
