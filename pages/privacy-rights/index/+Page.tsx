import { Link } from '#renderer/components/Link.tsx'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { PhraseKey } from '#shared/i18n/translate.ts'

const CARDS = [
  { href: '/privacy-rights/direct-marketing/brands', key: 'direct_marketing', beOnly: false },
  { href: '/privacy-rights/access', key: 'access', beOnly: false },
  { href: '/privacy-rights/rectification', key: 'rectification', beOnly: false },
  { href: '/privacy-rights/publication', key: 'publication', beOnly: true },
  { href: '/privacy-rights/forgotten-overview', key: 'forgotten', beOnly: false },
] as const

const CARD_TEXT: Record<(typeof CARDS)[number]['key'], { title: PhraseKey; text: PhraseKey }> = {
  direct_marketing: {
    title: 'privacy_rights.overview.direct_marketing.title',
    text: 'privacy_rights.overview.direct_marketing.text',
  },
  access: { title: 'privacy_rights.overview.access.title', text: 'privacy_rights.overview.access.text' },
  rectification: {
    title: 'privacy_rights.overview.rectification.title',
    text: 'privacy_rights.overview.rectification.text',
  },
  publication: {
    title: 'privacy_rights.overview.publication.title',
    text: 'privacy_rights.overview.publication.text',
  },
  forgotten: {
    title: 'privacy_rights.overview.forgotten.title',
    text: 'privacy_rights.overview.forgotten.text',
  },
}

/** Spec §2 'Privacy rights overview'; spec §4: opening it resets the client-held request (+client.ts). */
export default function Page() {
  const { site } = usePageContext()
  const t = useTranslate()
  return (
    <>
      <h1>{t('privacy_rights.overview.heading')}</h1>
      <p className="lead">{t('privacy_rights.overview.intro')}</p>
      <ul className="cards cards--balanced section">
        {CARDS.filter((card) => !card.beOnly || site.country === 'BE').map((card) => (
          <li key={card.key} className="card">
            <h2>{t(CARD_TEXT[card.key].title)}</h2>
            <p>{t(CARD_TEXT[card.key].text)}</p>
            <Link href={card.href} className="button button--secondary">
              {t('privacy_rights.overview.start')}
              <span className="visually-hidden">: {t(CARD_TEXT[card.key].title)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link href="/privacy-rights/figures">{t('privacy_rights.overview.figures_link')}</Link>
      </p>
    </>
  )
}
