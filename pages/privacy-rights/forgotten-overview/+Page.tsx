import { Link } from '#renderer/components/Link.tsx'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { PhraseKey } from '#shared/i18n/translate.ts'
import type { Country } from '#shared/site.ts'

/**
 * Spec §2 'Forgotten overview': NL lists delete_dpg_account, delete_amv_account and delete_tweakers_account;
 * BE lists delete_dpg_account and delete_energy_account; both have delete-all, leading to the form.
 */
const CHOICES: Record<Country, { id: string; title: PhraseKey; text: PhraseKey }[]> = {
  NL: [
    {
      id: 'delete_dpg_account',
      title: 'privacy_rights.forgotten_overview.delete_dpg_account.title',
      text: 'privacy_rights.forgotten_overview.delete_dpg_account.text',
    },
    {
      id: 'delete_amv_account',
      title: 'privacy_rights.forgotten_overview.delete_amv_account.title',
      text: 'privacy_rights.forgotten_overview.delete_amv_account.text',
    },
    {
      id: 'delete_tweakers_account',
      title: 'privacy_rights.forgotten_overview.delete_tweakers_account.title',
      text: 'privacy_rights.forgotten_overview.delete_tweakers_account.text',
    },
  ],
  BE: [
    {
      id: 'delete_dpg_account',
      title: 'privacy_rights.forgotten_overview.delete_dpg_account.title',
      text: 'privacy_rights.forgotten_overview.delete_dpg_account.text',
    },
    {
      id: 'delete_energy_account',
      title: 'privacy_rights.forgotten_overview.delete_energy_account.title',
      text: 'privacy_rights.forgotten_overview.delete_energy_account.text',
    },
  ],
}

export default function Page() {
  const { site } = usePageContext()
  const t = useTranslate()
  return (
    <>
      <h1>{t('privacy_rights.forgotten_overview.heading')}</h1>
      <p className="lead">{t('privacy_rights.forgotten_overview.intro')}</p>
      <ul className="cards section">
        <li className="card" id="delete_all">
          <h2>{t('privacy_rights.forgotten_overview.delete_all.title')}</h2>
          <p>{t('privacy_rights.forgotten_overview.delete_all.text')}</p>
          <Link href="/privacy-rights/forgotten" className="button">
            {t('privacy_rights.forgotten_overview.delete_all.action')}
          </Link>
        </li>
        {CHOICES[site.country].map((choice) => (
          <li key={choice.id} className="card" id={choice.id}>
            <h2>{t(choice.title)}</h2>
            <p>{t(choice.text)}</p>
          </li>
        ))}
      </ul>
    </>
  )
}
