import { Link } from '#renderer/components/Link.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { Data } from './+data'

/** Issue 31 (moved from +Page.tsx): the brands chosen in step 1, with a way back to change them. */
export function ChosenBrands({ brands, brandIds, named }: Data & { brandIds: string[] }) {
  const t = useTranslate()
  const chosenNames = brands.filter((brand) => brandIds.includes(brand.id)).map((brand) => brand.description)
  return (
    <>
      {chosenNames.length > 0 && (
        <p>
          {t('privacy_rights.channels.chosen', { smart_count: chosenNames.length })}{' '}
          <Link href="/privacy-rights/direct-marketing/brands">
            {t('privacy_rights.channels.change_brands')}
          </Link>
        </p>
      )}
      {named.length > 0 && <p>{t('privacy_rights.channels.named', { brands: named.join(' · ') })}</p>}
    </>
  )
}

/** Push notifications are turned off in the app itself: the guide says how. */
export function NotificationsGuide() {
  const t = useTranslate()
  return (
    <p className="card">
      {t('privacy_rights.channels.notifications_self_service')}{' '}
      <Link href="/privacy-rights/push-notifications">
        {t('privacy_rights.channels.notifications_guide')}
      </Link>
    </p>
  )
}
