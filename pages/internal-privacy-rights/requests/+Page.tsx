import '../staff.css'
import '../desk.css'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { localizedPath } from '#shared/routing.ts'
import type { Data } from './+data'
import { QueueFilters } from './QueueFilters'
import { QueueResults } from './QueueResults'

/**
 * Issue 16: the privacy team's queue. Soonest due first; filters are a GET form, so the page works and can
 * be bookmarked without script; the CSV export takes the same filters.
 */
export default function Page() {
  const { items, total, filters, countries } = useData<Data>()
  const { lang } = usePageContext()
  const t = useTranslate()
  const base = localizedPath(lang, '/internal-privacy-rights/requests')
  return (
    <div className="desk">
      <h1>{t('staff.desk.queue.heading')}</h1>
      <QueueFilters filters={filters} countries={countries} total={total} base={base} />
      <QueueResults items={items} total={total} filters={filters} base={base} />
    </div>
  )
}
