import type { CampaignItem, CampaignRow } from '#shared/political-ads.ts'

/** Issue 31 (moved from campaign-import.ts): the rules a notice's elements keep, each broken one named. */

function isDate(value: string): boolean {
  return (
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
    new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
  )
}

/**
 * The pairs of elements that must agree (issue 18), each broken rule as `field: reason`. The regulation's
 * conditions decide: an element that applies must be there, one that does not apply must not be.
 */
export function noticeConsistency(item: CampaignRow): string[] {
  const reasons: string[] = []
  const need = (present: unknown, field: string, why: string) => {
    if (present === undefined) reasons.push(`${field}: required ${why}`)
  }
  // Art. 12(1)(d): the amounts always apply; the spec's ranges may be open on one side.
  if (item.budgetLowerBound === undefined && item.budgetUpperBound === undefined)
    reasons.push(
      'budgetLowerBound, budgetUpperBound: give at least one (Art. 12(1)(d): the amounts always apply)',
    )
  // Art. 12(1)(a) and (b): a controlling entity or a payer is named with its e-mail address.
  for (const [party, prefix] of [
    ['the entity ultimately controlling the sponsor', 'ultimateBeneficiaryOwner'],
    ['the payer', 'payer'],
  ] as const) {
    const fields = ['LegalName', 'Email', 'Address', 'Establishment'] as const
    const named = item[`${prefix}Name`] !== undefined
    const given = fields.filter((field) => item[`${prefix}${field}`] !== undefined)
    if (!named && given.length > 0)
      reasons.push(`${prefix}Name: required with ${given.map((field) => `${prefix}${field}`).join(', ')}`)
    if (named)
      need(item[`${prefix}Email`], `${prefix}Email`, `with ${prefix}Name (the e-mail address of ${party})`)
  }
  // Art. 12(1)(g): a linked vote or process is named and dated; (h): an election or referendum links to
  // the official information on taking part, and only those do.
  const linked = ['linkedProcessName', 'linkedProcessDate'] as const
  if (item.linkedProcessType) {
    for (const field of linked) need(item[field], field, `with linkedProcessType ${item.linkedProcessType}`)
  } else {
    const given = linked.filter((field) => item[field] !== undefined)
    if (given.length > 0) reasons.push(`linkedProcessType: required with ${given.join(', ')}`)
  }
  const vote = item.linkedProcessType === 'ELECTION' || item.linkedProcessType === 'REFERENDUM'
  if (vote)
    need(item.electionInfoUrl, 'electionInfoUrl', `when linkedProcessType is ${item.linkedProcessType}`)
  else if (item.electionInfoUrl)
    reasons.push('electionInfoUrl: only for an ad linked to an ELECTION or REFERENDUM (linkedProcessType)')
  // Targeting and ad-delivery techniques: an online ad states whether they were used; used ones link to
  // where to read about them; unused ones have nothing to link to.
  if (item.channel === 'DIGITAL')
    need(item.targetingUsed, 'targetingUsed', 'for a DIGITAL ad (true or false)')
  if (item.targetingUsed === true)
    need(item.targetingInfoUrl, 'targetingInfoUrl', 'when targetingUsed is true')
  if (item.targetingUsed === false && item.targetingInfoUrl)
    reasons.push('targetingInfoUrl: must be absent when targetingUsed is false')
  if (item.targetingUsed === undefined && item.targetingInfoUrl)
    reasons.push('targetingUsed: required with targetingInfoUrl')
  // Spec §3's yes/no of earlier suspensions is derived from the dated list; a file may repeat it, not contradict it.
  const suspended = (item.suspensions?.length ?? 0) > 0
  if (item.previousPublicationSuspended !== undefined && item.previousPublicationSuspended !== suspended)
    reasons.push(
      suspended
        ? `previousPublicationSuspended: false, but suspensions lists ${item.suspensions?.length}`
        : 'previousPublicationSuspended: true, but suspensions lists none (give each suspension with its date)',
    )
  return reasons
}

/** The dates that must be dates, and the bounds that must be in order. */
export function itemReasons(item: CampaignItem): string[] {
  const reasons: string[] = []
  if (!isDate(item.publicationStartDate)) reasons.push('publicationStartDate: not a date')
  if (!isDate(item.publicationEndDate)) reasons.push('publicationEndDate: not a date')
  if (item.linkedProcessDate && !isDate(item.linkedProcessDate)) reasons.push('linkedProcessDate: not a date')
  for (const suspension of item.suspensions ?? [])
    if (!isDate(suspension.date)) reasons.push(`suspensions: ${suspension.date} is not a date`)
  if (item.publicationEndDate < item.publicationStartDate)
    reasons.push('publicationEndDate: before publicationStartDate')
  if (
    item.budgetLowerBound !== undefined &&
    item.budgetUpperBound !== undefined &&
    item.budgetLowerBound > item.budgetUpperBound
  ) {
    reasons.push('budget: lower bound above upper bound')
  }
  if (
    item.reachLowerBound !== undefined &&
    item.reachUpperBound !== undefined &&
    item.reachLowerBound > item.reachUpperBound
  ) {
    reasons.push('reach: lower bound above upper bound')
  }
  return reasons
}
