import { useId } from 'react'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { numberFormatter } from '#shared/format.ts'
import { FIGURE_GROUND_LABELS, FIGURE_RIGHT_LABELS, FIGURE_ROW_LABELS } from '#shared/labels.ts'
import { REJECTION_REASONS, type RejectionReason } from '#shared/privacy-rights/desk.ts'
import {
  FEW,
  FIGURE_ROWS,
  type FigureRow,
  figureApplies,
  type PeriodFigures,
  type PublicCount,
  type RightFigures,
} from '#shared/privacy-rights/figures.ts'
import './figures.css'

/**
 * Issue 29: one period's figures: a row per figure, a column per right, in a box that scrolls on its own on
 * a narrow screen (the page never does). "< 5" and "—" are read out in words.
 */
export function FiguresTable({ period, caption }: { period: PeriodFigures<PublicCount>; caption: string }) {
  const { lang, site } = usePageContext()
  const t = useTranslate()
  const id = useId()
  const number = numberFormatter(lang, site.country)
  const decimal = new Intl.NumberFormat(`${lang}-${site.country}`, { maximumFractionDigits: 1 })
  const dash = (words: string) => (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{words}</span>
    </>
  )
  const count = (value: PublicCount) =>
    value === FEW ? (
      <>
        <span aria-hidden="true">{FEW}</span>
        <span className="visually-hidden">{t('figures.few')}</span>
      </>
    ) : (
      number(value)
    )
  const cell = (row: FigureRow, right: RightFigures<PublicCount>) => {
    if (!figureApplies(row, right.right)) return dash(t('figures.not_applicable'))
    if (row === 'withinDeadlinePercent')
      return right.withinDeadlinePercent === null
        ? dash(t('figures.not_computed'))
        : `${number(right.withinDeadlinePercent)} %`
    if (row === 'medianDaysToAnswer')
      return right.medianDaysToAnswer === null
        ? dash(t('figures.not_computed'))
        : decimal.format(right.medianDaysToAnswer)
    return count(right[row])
  }
  const ground = (value: RejectionReason, right: RightFigures<PublicCount>) =>
    figureApplies('rejectedByGround', right.right)
      ? count(right.rejectedByGround[value])
      : dash(t('figures.not_applicable'))
  return (
    // A box that scrolls sideways on a narrow screen must take the keyboard's focus to be scrolled (WCAG 2.1.1).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
    <section className="table-scroll figures" tabIndex={0} aria-labelledby={id}>
      <table>
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('figures.metric')}</th>
            {period.rights.map((right) => (
              <th scope="col" key={right.right}>
                {t(FIGURE_RIGHT_LABELS[right.right])}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {FIGURE_ROWS.flatMap((row) => [
            <tr key={row}>
              <th scope="row">{t(FIGURE_ROW_LABELS[row])}</th>
              {period.rights.map((right) => (
                <td key={right.right}>{cell(row, right)}</td>
              ))}
            </tr>,
            ...(row === 'rejected'
              ? REJECTION_REASONS.map((reason) => (
                  <tr key={reason} className="figures__ground">
                    <th scope="row">{t(FIGURE_GROUND_LABELS[reason])}</th>
                    {period.rights.map((right) => (
                      <td key={right.right}>{ground(reason, right)}</td>
                    ))}
                  </tr>
                ))
              : []),
          ])}
        </tbody>
      </table>
    </section>
  )
}
