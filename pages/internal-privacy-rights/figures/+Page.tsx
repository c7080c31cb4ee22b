import { useData } from '#renderer/useData.ts'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { FiguresTable } from '../../privacy-rights/figures/FiguresTable'
import type { Data } from './+data'

/** Issue 29: the figures per month with exact counts, per country the staff member may see. */
export default function Page() {
  const { countries } = useData<Data>()
  const t = useTranslate()
  return (
    <>
      <h1>{t('staff.figures.title')}</h1>
      <p className="lead">{t('staff.figures.intro')}</p>
      {countries.map((country) => (
        <div key={country.country}>
          <h2 id={`country-${country.country}`}>{country.name}</h2>
          <p>{t('figures.computed_at', { time: country.computedAtText })}</p>
          {country.periods.map((period) => (
            <FiguresTable
              key={period.period}
              period={period}
              caption={`${period.caption} (${country.name})`}
            />
          ))}
        </div>
      ))}
      <p>{t('figures.legend')}</p>
    </>
  )
}
