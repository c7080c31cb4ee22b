import { Link } from '#renderer/components/Link.tsx'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { CAMPAIGN_CHANNEL_LABELS, CAMPAIGN_STATUS_LABELS } from '#shared/labels.ts'
import type { Notice } from '#shared/political-ads.ts'
import { campaignFigures } from '../format'
import { CARDS_ID, type Shown } from './useAdList'

/** The list's cards: the notices as cards, or the server-rendered cards adopted as they are (issue 19). */
export function AdCards({ list, query }: { list: Shown; query: string }) {
  if (!('items' in list))
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the cards this page's server rendering made
    return <ul id={CARDS_ID} className="ad-cards" dangerouslySetInnerHTML={{ __html: list.html }} />
  return (
    <ul id={CARDS_ID} className="ad-cards">
      {list.items.map((item) => (
        <AdCard key={item.id} item={item} query={query} />
      ))}
    </ul>
  )
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
