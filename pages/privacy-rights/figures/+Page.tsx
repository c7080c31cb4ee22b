import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { Data } from './+data'
import { FiguresTable } from './FiguresTable'

/** Issue 29: how the privacy rights are answered, per quarter and right, with how it is counted. */
export default function Page() {
  const { periods, computedAtText } = useData<Data>()
  const { lang } = usePageContext()
  const t = useTranslate()
  return (
    <article className="figures-page">
      <h1>{t('figures.title')}</h1>
      <p className="lead">{t('figures.intro')}</p>
      <p>{t('figures.computed_at', { time: computedAtText })}</p>
      {periods.map((period) => (
        <div key={period.period}>
          <h2 id={`period-${period.period}`}>{period.name}</h2>
          <FiguresTable period={period} caption={period.caption} />
        </div>
      ))}
      <p>{t('figures.legend')}</p>
      <h2>{t('figures.how_heading')}</h2>
      <p>{t('figures.how_periods')}</p>
      <p>{t('figures.how_deadline')}</p>
      <p>{t('figures.how_few')}</p>
      <p>{t('figures.how_refresh')}</p>
      <h2>{t('figures.downloads')}</h2>
      <ul>
        <li>
          <a href="/api/privacy-rights/figures.json" type="application/json">
            {t('figures.download_json')}
          </a>
        </li>
        <li>
          <a href={`/api/privacy-rights/figures.csv?lang=${lang === 'fr' ? 'fr' : 'nl'}`} type="text/csv">
            {t('figures.download_csv')}
          </a>
        </li>
      </ul>
    </article>
  )
}
