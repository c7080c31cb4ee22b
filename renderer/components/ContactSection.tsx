import { useTranslate } from '../useTranslate'
import { ContactForm } from './ContactForm'
import { Island } from './Island'
import { Link } from './Link'

/**
 * The contact block of home and about (spec §2): hours, the form, and the way to the phone numbers. The form
 * is an island: its React loads when the visitor reaches for it (issue 19).
 */
export function ContactSection() {
  const t = useTranslate()
  return (
    <section className="section card contact-section" aria-labelledby="contact-heading">
      <h2 id="contact-heading">{t('contact_section.heading')}</h2>
      <p>{t('contact_section.intro')}</p>
      <p>{t('contact_section.hours')}</p>
      <Island name="contact-form" phrases={['contact', 'validation', 'forms']}>
        <ContactForm />
      </Island>
      <p>
        <Link href="/phone" className="button button--secondary">
          {t('contact_section.phone_link')}
        </Link>
      </p>
    </section>
  )
}
