import type { ReactNode } from 'react'
import type { PhraseKey } from '#shared/i18n/translate.ts'
import { useTranslate } from '../useTranslate'
import { Link } from './Link'

/** The outcome pages of e-mail verification (spec §2): a title, a text, a way on. */
export function ResultPage({
  tone,
  titleKey,
  text,
  action,
}: {
  tone: 'success' | 'error'
  titleKey: PhraseKey
  text: ReactNode
  action: { href: string; labelKey: PhraseKey }
}) {
  const t = useTranslate()
  return (
    <section className={`result-page result-page--${tone} card`}>
      <h1>{t(titleKey)}</h1>
      <p className="lead">{text}</p>
      <p>
        <Link href={action.href} className="button">
          {t(action.labelKey)}
        </Link>
      </p>
    </section>
  )
}
