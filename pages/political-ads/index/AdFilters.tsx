import type { Dispatch, SetStateAction } from 'react'
import { SelectField } from '#renderer/forms/Field.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { CAMPAIGN_CHANNEL_LABELS, PERIOD_LABELS } from '#shared/labels.ts'
import {
  type CampaignFilter,
  CHANNEL_FILTERS,
  type ChannelFilter,
  PERIOD_FILTERS,
  type PeriodFilter,
} from '#shared/political-ads.ts'

/** The list's filters: period, channel, text (`text` as typed, before the debounce) and withdrawn notices. */
export function AdFilters({
  filter,
  setFilter,
  text,
  setText,
}: {
  filter: CampaignFilter
  setFilter: Dispatch<SetStateAction<CampaignFilter>>
  text: string
  setText: (text: string) => void
}) {
  const t = useTranslate()
  return (
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
  )
}
