import { useEffect, useRef, useState } from 'react'
import { Link } from '#renderer/components/Link.tsx'
import { SelectField } from '#renderer/forms/Field.tsx'
import { getJson } from '#renderer/json.ts'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { CAMPAIGN_CHANNEL_LABELS, CAMPAIGN_STATUS_LABELS, PERIOD_LABELS } from '#shared/labels.ts'
import {
  type CampaignFilter,
  CHANNEL_FILTERS,
  type ChannelFilter,
  type Notice,
  noticeLanguage,
  PERIOD_FILTERS,
  type PeriodFilter,
} from '#shared/political-ads.ts'
import { SEARCH_DEBOUNCE_MS } from '#shared/search.ts'
import { campaignFigures } from '../format'
import { SideMenuLayout } from '../SideMenu'
import type { Data } from './+data'

function filterQuery(filter: CampaignFilter): string {
  const query = new URLSearchParams()
  // Spec §7: period, channel and text go along only when not ALL or empty.
  if (filter.periodFilter !== 'ALL') query.set('period', filter.periodFilter)
  if (filter.channelFilter !== 'ALL') query.set('channel', filter.channelFilter)
  if (filter.textFilter.trim()) query.set('text', filter.textFilter.trim())
  if (filter.withdrawn) query.set('withdrawn', 'true')
  return query.toString()
}

/** One answer of GET /api/campaign-items. */
interface CampaignPage {
  campaignItems: Notice[]
  total: number
}

/** A page of notices of the list's filter, from `offset`; null when it could not be loaded. */
async function fetchPage(country: string, query: string, offset: number) {
  const response = await getJson<CampaignPage>(
    `/api/campaign-items?countryCode=${country}${offset ? `&offset=${offset}` : ''}${query ? `&${query}` : ''}`,
  )
  if (!response?.ok || !response.body) return null
  return { items: response.body.campaignItems, total: response.body.total }
}

/** One notice's card: sponsor (the link to its page), status, channel, period and note. */
function AdCard({ item, query }: { item: Notice; query: string }) {
  const { site, lang } = usePageContext()
  const t = useTranslate()
  const figures = campaignFigures(item, lang, site.country)
  return (
    <li className="card ad-card">
      <h2>
        <Link href={`/political-ads/${encodeURIComponent(item.id)}${query ? `?${query}` : ''}`}>
          {item.sponsorName}
        </Link>
      </h2>
      <p>
        <span className={`badge badge--${item.status}`}>{t(CAMPAIGN_STATUS_LABELS[item.status])}</span> ·{' '}
        {t(CAMPAIGN_CHANNEL_LABELS[item.channel])}
        {item.withdrawnAt && (
          <>
            {' '}
            · <span className="badge badge--withdrawn">{t('political_ads.detail.withdrawn_badge')}</span>
          </>
        )}
      </p>
      <p>{figures.period}</p>
      {figures.note && <p>{figures.note}</p>}
    </li>
  )
}

/**
 * The cards on screen: notices the page fetched, or (until a filter changes) the server-rendered cards,
 * adopted as HTML so the notices are not sent twice (issue 19).
 */
type Shown = { items: Notice[]; total: number } | { html: string; count: number; total: number }

const CARDS_ID = 'ad-cards'

/** Spec §2 'Political ads list' and §4: cached until a filter changes, text debounced 500 ms. */
export default function Page() {
  // On the server the data has the notices; in the browser it has not (+clientData.ts).
  const initial = useData<Omit<Data, 'items'> & Partial<Pick<Data, 'items'>>>()
  const { site, lang } = usePageContext()
  const t = useTranslate()
  const [filter, setFilter] = useState(initial.filter)
  const [text, setText] = useState(initial.filter.textFilter)
  const [list, setList] = useState<Shown>(() =>
    initial.items
      ? { items: initial.items, total: initial.total }
      : {
          html: globalThis.document?.getElementById(CARDS_ID)?.innerHTML ?? '',
          count: initial.shown,
          total: initial.total,
        },
  )
  const [failed, setFailed] = useState(initial.failed)
  const cache = useRef(new Map<string, Shown>([[filterQuery(initial.filter), list]]))

  // The text filter follows the typing 500 ms after the last keystroke.
  useEffect(() => {
    if (text === filter.textFilter) return
    const timer = setTimeout(() => setFilter((f) => ({ ...f, textFilter: text })), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, filter.textFilter])

  useEffect(() => {
    const query = filterQuery(filter)
    const url = new URL(window.location.href)
    url.search = query
    history.replaceState(null, '', url)
    const cached = cache.current.get(query)
    if (cached) {
      setList(cached)
      setFailed(false)
      return
    }
    let current = true
    fetchPage(site.country, query, 0).then((page) => {
      if (!current) return
      if (!page) {
        setFailed(true)
        return
      }
      cache.current.set(query, page)
      setList(page)
      setFailed(false)
    })
    return () => {
      current = false
    }
  }, [filter, site.country])

  const query = filterQuery(filter)
  const shownCount = 'items' in list ? list.items.length : list.count
  const loadMore = async () => {
    // Adopted cards are HTML: fetch them as notices first, then the next page.
    const before = 'items' in list ? list : await fetchPage(site.country, query, 0)
    const next = before && (await fetchPage(site.country, query, before.items.length))
    if (!before || !next) {
      setFailed(true)
      return
    }
    const merged = { items: [...before.items, ...next.items], total: next.total }
    cache.current.set(query, merged)
    setList(merged)
  }
  return (
    <SideMenuLayout>
      <h1>{t('political_ads.list.heading')}</h1>
      <p className="lead">{t('political_ads.list.intro')}</p>
      <div className="ad-filters">
        <SelectField
          id="filter-period"
          label={t('political_ads.list.period')}
          value={filter.periodFilter}
          onChange={(value) => setFilter((f) => ({ ...f, periodFilter: value as PeriodFilter }))}
          options={PERIOD_FILTERS.map((period) => [period, t(PERIOD_LABELS[period])] as const)}
        />
        <SelectField
          id="filter-channel"
          label={t('political_ads.list.channel')}
          value={filter.channelFilter}
          onChange={(value) => setFilter((f) => ({ ...f, channelFilter: value as ChannelFilter }))}
          options={CHANNEL_FILTERS.map((channel) => [channel, t(CAMPAIGN_CHANNEL_LABELS[channel])] as const)}
        />
        <div className="field">
          <label className="field__label" htmlFor="filter-text">
            {t('political_ads.list.text')}
          </label>
          <input
            id="filter-text"
            type="search"
            className="field__input"
            maxLength={100}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <label className="check ad-filters__withdrawn">
          <input
            type="checkbox"
            checked={filter.withdrawn ?? false}
            onChange={(e) => setFilter((f) => ({ ...f, withdrawn: e.target.checked }))}
          />{' '}
          {t('political_ads.list.withdrawn')}
        </label>
      </div>
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
      {!failed &&
        ('items' in list ? (
          <ul id={CARDS_ID} className="ad-cards">
            {list.items.map((item) => (
              <AdCard key={item.id} item={item} query={query} />
            ))}
          </ul>
        ) : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the cards this page's server rendering made
          <ul id={CARDS_ID} className="ad-cards" dangerouslySetInnerHTML={{ __html: list.html }} />
        ))}
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
