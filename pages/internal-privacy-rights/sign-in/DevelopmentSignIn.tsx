import type { ComponentProps } from 'react'
import { useTranslate } from '#renderer/useTranslate.tsx'

/** A labelled input of the development sign-in (no validation of its own: the server checks). */
function PlainField({ id, label, ...input }: { id: string; label: string } & ComponentProps<'input'>) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="field__input" {...input} />
    </div>
  )
}

/** Issue 31 (moved from +Page.tsx): the development sign-in of a local host without an identity provider. */
export function DevelopmentSignIn({ action, returnTo }: { action: string; returnTo: string }) {
  const t = useTranslate()
  return (
    <form method="post" action={action} className="form staff-dev-sign-in">
      <p className="staff-dev-sign-in__label">
        <strong>{t('staff.sign_in.development_heading')}</strong>
      </p>
      <p className="field__hint">{t('staff.sign_in.development_intro')}</p>
      <input type="hidden" name="returnTo" value={returnTo} />
      <PlainField
        id="dev-email"
        label={t('privacy_rights.form.email')}
        type="email"
        name="email"
        required
        autoComplete="email"
      />
      <PlainField
        id="dev-name"
        label={t('staff.sign_in.development_name')}
        type="text"
        name="name"
        maxLength={100}
        autoComplete="name"
      />
      <fieldset className="fieldset">
        <legend>{t('staff.sign_in.development_role')}</legend>
        <label className="check">
          <input type="radio" name="role" value="customer-service" defaultChecked />{' '}
          {t('staff.sign_in.role_customer_service')}
        </label>
        <label className="check">
          <input type="radio" name="role" value="privacy-team" /> {t('staff.sign_in.role_privacy_team')}
        </label>
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button">
          {t('staff.sign_in.development_submit')}
        </button>
      </div>
    </form>
  )
}
