import { useTranslate } from '../useTranslate'
import { ContactForm } from './ContactForm'
import { Link } from './Link'

/** The contact block of home and about (spec §2): hours, the form, and the way to the phone numbers. */
export function ContactSection() {
  const t = useTranslate()
  return (
    <section className="section card contact-section" aria-labelledby="contact-heading">
      <h2 id="contact-heading">{t('contact_section.heading')}</h2>
      <p>{t('contact_section.intro')}</p>
      <p>{t('contact_section.hours')}</p>
      <ContactForm />
      <p>
        <Link href="/phone" className="button button--secondary">
          {t('contact_section.phone_link')}
        </Link>
      </p>
    </section>
  )
}
