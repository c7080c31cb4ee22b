import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { noticeLanguage } from '#shared/political-ads.ts'
import { SideMenuLayout } from '../SideMenu'
import type { Data } from './+data'
import { AdCards } from './AdCards'
import { AdFilters } from './AdFilters'
import { useAdList } from './useAdList'

/** Spec §2 'Political ads list' and §4: cached until a filter changes, text debounced 500 ms. */
export default function Page() {
  // On the server the data has the notices; in the browser it has not (+clientData.ts).
  const initial = useData<Omit<Data, 'items'> & Partial<Pick<Data, 'items'>>>()
  const { site, lang } = usePageContext()
  const t = useTranslate()
  const { filter, setFilter, text, setText, list, failed, query, loadMore } = useAdList(initial)
  const shownCount = 'items' in list ? list.items.length : list.count
  return (
    <SideMenuLayout>
      <h1>{t('political_ads.list.heading')}</h1>
      <p className="lead">{t('political_ads.list.intro')}</p>
      <AdFilters filter={filter} setFilter={setFilter} text={text} setText={setText} />
      {/*
        A status paragraph (issue 32): an <output> is a form control, which IBM's checker wants labelled; a
        paragraph with role status is announced alike and holds phrasing content only (issue 27).
      */}
      <p role="status" className="search-status">
        {failed ? (
          <span className="field__error">{t('political_ads.list.load_failure')}</span>
        ) : (
          t('political_ads.list.count', { smart_count: list.total })
        )}
      </p>
      {!failed && <AdCards list={list} query={query} />}
      {!failed && shownCount < list.total && (
        <p>
          <button type="button" className="button button--secondary" onClick={() => void loadMore()}>
            {t('political_ads.list.more')}
          </button>
        </p>
      )}
      <p className="section">
        {t('political_ads.list.export')} <a href="/api/campaign-items.json">JSON</a> ·{' '}
        {/* The CSV's headers in this page's language (issue 27). */}
        <a href={`/api/campaign-items.csv?lang=${noticeLanguage(site.country, lang)}`}>CSV</a>
      </p>
    </SideMenuLayout>
  )
}
