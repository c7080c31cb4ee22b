import { ContactSection } from '#renderer/components/ContactSection.tsx'
import { Link } from '#renderer/components/Link.tsx'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { Data } from './+data'
import './home.css'

export default function Page() {
  const { topics, legalDocuments } = useData<Data>()
  const { site } = usePageContext()
  const t = useTranslate()
  return (
    <>
      <section className="hero">
        <h1>{t('home.heading')}</h1>
        <p className="lead">{t('home.intro')}</p>
        {site.toggles.TEST_TOGGLE && (
          <p className="test-marker" data-testid="test-marker">
            {t('home.test_marker')}
          </p>
        )}
      </section>
      <section className="section" aria-labelledby="topics-heading">
        <h2 id="topics-heading">{t('home.topics.heading')}</h2>
        <ul className="topic-grid">
          {topics.map((topic) => (
            <li key={topic.document} className="topic-card card">
              <img src={topic.image} alt="" width="320" height="160" className="topic-card__image" />
              <h3 className="topic-card__title">{t(topic.titleKey)}</h3>
              <p>{t(topic.textKey)}</p>
              <Link href={`/document/${topic.document}`} className="topic-card__more">
                {t('home.topics.read_more')}
                <span className="visually-hidden">: {t(topic.titleKey)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="section" aria-labelledby="legal-heading">
        <h2 id="legal-heading">{t('home.legal.heading')}</h2>
        <p>{t('home.legal.intro')}</p>
        <ul className="legal-links">
          {legalDocuments.map((document) => (
            <li key={document.key}>
              <Link href={`/document/${document.key}`}>{document.title}</Link>
            </li>
          ))}
        </ul>
      </section>
      <ContactSection />
    </>
  )
}
