import { useTranslate } from '#renderer/useTranslate.tsx'

/** Days left, due today, or overdue: in words, and by shape too (an outline for overdue), not by colour only. */
export function DueBadge({ daysLeft }: { daysLeft: number | null }) {
  const t = useTranslate()
  if (daysLeft === null) return null
  if (daysLeft < 0)
    return (
      <span className="desk-badge desk-badge--overdue">
        {t('staff.desk.badge.overdue', { smart_count: -daysLeft })}
      </span>
    )
  if (daysLeft === 0)
    return <span className="desk-badge desk-badge--today">{t('staff.desk.badge.today')}</span>
  return (
    <span className={`desk-badge${daysLeft <= 7 ? ' desk-badge--soon' : ''}`}>
      {t('staff.desk.badge.days_left', { smart_count: daysLeft })}
    </span>
  )
}
