import type { PhraseKey } from '#shared/i18n/translate.ts'
import { useTranslate } from '../useTranslate'

const WIDTH = 320
const RADIUS = 10
const EDGE = 12

/**
 * Where a multi-step form is (issue 32): one circle per step, drawn from the same list as the text a screen
 * reader reads, so "step 1 of 2" always shows two circles. Steps done and the current one are filled; a step
 * still to come is a ring whose edge reaches 3:1 against the page (WCAG 1.4.11), not a pale grey disc.
 */
export function FormProgress({ steps, current }: { steps: readonly PhraseKey[]; current: number }) {
  const t = useTranslate()
  const label = steps[current]
  if (!label) throw new Error(`No step ${current} among ${steps.length}`)
  const gap = steps.length > 1 ? (WIDTH - 2 * EDGE) / (steps.length - 1) : 0
  const x = (index: number) => EDGE + index * gap
  return (
    <svg
      className="progress"
      role="img"
      aria-label={t(label)}
      viewBox={`0 0 ${WIDTH} 24`}
      width={WIDTH}
      height={24}
    >
      <line className="progress__track" x1={EDGE} y1={12} x2={WIDTH - EDGE} y2={12} />
      <line className="progress__track progress__track--done" x1={EDGE} y1={12} x2={x(current)} y2={12} />
      {steps.map((step, index) => (
        <circle
          key={step}
          className={`progress__step progress__step--${index < current ? 'done' : index === current ? 'current' : 'future'}`}
          cx={x(index)}
          cy={12}
          r={RADIUS}
        />
      ))}
    </svg>
  )
}
