import type { ReactNode } from 'react'
import { formatLongDate } from '#shared/format.ts'
import type { PhraseKey, Translate } from '#shared/i18n/translate.ts'
import {
  CAMPAIGN_CHANNEL_LABELS,
  CAMPAIGN_STATUS_LABELS,
  FUNDING_LABELS,
  LINKED_PROCESS_LABELS,
} from '#shared/labels.ts'
import type { Language } from '#shared/locale.ts'
import type { CampaignItem } from '#shared/political-ads.ts'
import type { Country } from '#shared/site.ts'
import { campaignFigures } from '../format'
import { FIELD_LABELS } from './fieldLabels'

export { FIELD_LABELS }

/** A party of the notice (sponsor, controlling entity, payer), as the 2025/1410 template lists it. */
interface Party {
  name?: string
  legalName?: string
  email?: string
  address?: string
  establishment?: string
  registrationNumber?: string
}

/**
 * The rows of a notice, each with its label: the current notice's summary, and a changed row of an earlier
 * version as it read then. Template order (Implementing Regulation (EU) 2025/1410), then what the spec adds
 * (docs/decisions/005). An earlier version has no spec §3 yes/no of its own: its suspensions decide.
 */
export function noticeRows(
  item: CampaignItem & { previousPublicationSuspended?: boolean },
  t: Translate,
  lang: Language,
  country: Country,
): [PhraseKey, ReactNode][] {
  const figures = campaignFigures(item, lang, country)
  // Issue 18: an element that does not apply says so, never an empty row.
  const na = t('political_ads.detail.not_applicable')
  const date = (value: string) => formatLongDate(value, lang, country)
  const link = (href: string | undefined) =>
    href ? (
      <a href={href} rel="noopener noreferrer">
        {href}
      </a>
    ) : (
      na
    )
  // Issue 18: an element that does not apply says so; one that applies but was not given says that instead.
  const notGiven = t('political_ads.detail.not_given')
  const cells: Cells = { t, na, notGiven, date }
  const vote = item.linkedProcessType === 'ELECTION' || item.linkedProcessType === 'REFERENDUM'
  const own = (text: string | undefined) => ownText(item, lang, text)
  // Template order (Implementing Regulation (EU) 2025/1410), then what the spec adds (docs/decisions/005).
  return [
    ...partyRows(item, cells),
    ['political_ads.detail.period', figures.period],
    ['political_ads.detail.budget', budgetCell(item, figures.budget, { ...cells, lang })],
    ['political_ads.detail.funding_origin', t(FUNDING_LABELS[item.fundingOriginType])],
    ['political_ads.detail.funding_region', t(FUNDING_LABELS[item.fundingRegion])],
    ['political_ads.detail.methodology', own(item.amountsMethodology) ?? notGiven],
    [
      'political_ads.detail.linked_process',
      item.linkedProcessType
        ? [
            t(LINKED_PROCESS_LABELS[item.linkedProcessType]),
            item.linkedProcessName,
            item.linkedProcessDate && date(item.linkedProcessDate),
          ]
            .filter(Boolean)
            .join(' · ')
        : na,
    ],
    [
      'political_ads.detail.election_info',
      item.electionInfoUrl ? link(item.electionInfoUrl) : vote ? notGiven : na,
    ],
    ['political_ads.detail.repository', link(item.repositoryUrl)],
    ['political_ads.detail.targeting', targetingCell(item, cells)],
    ['political_ads.detail.suspended', suspensionsCell(item, cells)],
    [
      'political_ads.detail.status',
      <span key="s" className={`badge badge--${item.status}`}>
        {t(CAMPAIGN_STATUS_LABELS[item.status])}
      </span>,
    ],
    ['political_ads.detail.channel', t(CAMPAIGN_CHANNEL_LABELS[item.channel])],
    ['political_ads.detail.reach', figures.reach ?? notGiven],
    ['political_ads.detail.context', link(item.campaignContextUrl)],
    ['political_ads.detail.note', figures.note ?? na],
  ]
}

/** What a notice's cells are written with: the phrases, the words for an absent element, dates. */
interface Cells {
  t: Translate
  /** An element that does not apply. */
  na: string
  /** An element that applies but was not given. */
  notGiven: string
  date: (value: string) => string
}

/** A party in lines: name, legal name, e-mail (mandatory, Art. 12(1)(a)), address, establishment, number. */
function partyCell({ t, na }: Cells, who: Party): ReactNode {
  return who.name ? (
    <ul className="notice-party">
      <li>{who.name}</li>
      {who.legalName && <li>{t('political_ads.detail.legal_name', { name: who.legalName })}</li>}
      <li>{who.email ?? t('political_ads.detail.email_not_given')}</li>
      {who.address && <li>{who.address}</li>}
      {who.establishment && <li>{t('political_ads.detail.establishment', { place: who.establishment })}</li>}
      {who.registrationNumber && (
        <li>{t('political_ads.detail.registration', { number: who.registrationNumber })}</li>
      )}
    </ul>
  ) : (
    na
  )
}

/** The sponsor, the ultimate beneficiary owner and the payer. */
function partyRows(item: CampaignItem, c: Cells): [PhraseKey, ReactNode][] {
  return [
    [
      'political_ads.detail.sponsor',
      partyCell(c, {
        name: item.sponsorName,
        legalName: item.sponsorLegalName,
        email: item.sponsorEmail,
        address: item.sponsorAddress,
        establishment: item.sponsorEstablishment,
        registrationNumber: item.sponsorRegistrationNumber,
      }),
    ],
    [
      'political_ads.detail.beneficiary',
      partyCell(c, {
        name: item.ultimateBeneficiaryOwnerName,
        legalName: item.ultimateBeneficiaryOwnerLegalName,
        email: item.ultimateBeneficiaryOwnerEmail,
        address: item.ultimateBeneficiaryOwnerAddress,
        establishment: item.ultimateBeneficiaryOwnerEstablishment,
      }),
    ],
    [
      'political_ads.detail.payer',
      partyCell(c, {
        name: item.payerName,
        legalName: item.payerLegalName,
        email: item.payerEmail,
        address: item.payerAddress,
        establishment: item.payerEstablishment,
      }),
    ],
  ]
}

/** Whether targeting was used (digital ads), with the link to more about it. */
function targetingCell(item: CampaignItem, { t, na, notGiven }: Cells): ReactNode {
  return item.targetingUsed === undefined ? (
    item.channel === 'DIGITAL' ? (
      notGiven
    ) : (
      na
    )
  ) : (
    <span key="t">
      {t(item.targetingUsed ? 'political_ads.detail.targeting_used' : 'political_ads.detail.targeting_none')}
      {item.targetingInfoUrl && (
        <>
          {' '}
          <a href={item.targetingInfoUrl} rel="noopener noreferrer">
            {t('political_ads.detail.targeting_more')}
          </a>
        </>
      )}
    </span>
  )
}

/** The notice's suspensions with their dates and reasons; an earlier version without any: spec §3's yes/no. */
function suspensionsCell(
  item: CampaignItem & { previousPublicationSuspended?: boolean },
  { t, date }: Cells,
): ReactNode {
  return item.suspensions && item.suspensions.length > 0 ? (
    <ul key="s" className="notice-suspensions">
      {item.suspensions.map((suspension) => (
        <li key={`${suspension.date}-${suspension.complaint ?? suspension.reason ?? ''}`}>
          {[
            date(suspension.date),
            suspension.reason ? `: ${suspension.reason}` : '',
            suspension.complaint
              ? ` (${t('political_ads.detail.suspension_complaint', { reference: suspension.complaint })})`
              : '',
          ].join('')}
        </li>
      ))}
    </ul>
  ) : (
    t((item.previousPublicationSuspended ?? false) ? 'political_ads.detail.yes' : 'political_ads.detail.no')
  )
}

/** A text of the sponsor's, marked with its language where the page is in another (issue 27, WCAG 3.1.2). */
function ownText(item: CampaignItem, lang: Language, text: string | undefined): ReactNode {
  return text && item.textLanguage && item.textLanguage !== lang ? (
    <span lang={item.textLanguage}>{text}</span>
  ) : (
    text
  )
}

/** The budget (or that it was not given) and the other benefits, in the sponsor's language where given. */
function budgetCell(
  item: CampaignItem,
  budget: string | undefined,
  { t, na, notGiven, lang }: Cells & { lang: Language },
): ReactNode {
  const own = (text: string | undefined) => ownText(item, lang, text)
  return (
    <ul key="b" className="notice-party">
      <li>{budget ?? notGiven}</li>
      <li>
        {item.otherBenefits && item.textLanguage && item.textLanguage !== lang ? (
          <>
            {t('political_ads.detail.other_benefits', { benefits: '' }).trim()} {own(item.otherBenefits)}
          </>
        ) : (
          t('political_ads.detail.other_benefits', { benefits: item.otherBenefits ?? na })
        )}
      </li>
    </ul>
  )
}
