import { useEffect, useState } from 'react'
import { Link } from '#renderer/components/Link.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { phoneOrNothing } from '#shared/privacy-rights/request.ts'
import { type ClientRequest, lastReference, readRequest } from '../request-store'

function hasContent(request: ClientRequest): boolean {
  const address = Object.values(request.userInfo.address).some((v) => v.trim())
  return Boolean(
    request.email.trim() || phoneOrNothing(request.phone) || request.userMessage.trim() || address,
  )
}

/**
 * Spec §2: when the client-held request has no e-mail, phone, message or address, the visitor did not come
 * from a form: back to /nl/privacy-rights.
 */
export default function Page() {
  const t = useTranslate()
  const [request, setRequest] = useState<ClientRequest | null>(null)
  const [reference, setReference] = useState<string | null>(null)
  useEffect(() => {
    const stored = readRequest()
    if (!hasContent(stored)) {
      window.location.replace('/nl/privacy-rights')
      return
    }
    setRequest(stored)
    setReference(lastReference.read())
  }, [])
  return (
    <section className="result-page result-page--success card" aria-busy={request === null}>
      <h1>{t('privacy_rights.processed.heading')}</h1>
      {request && (
        <>
          <p className="lead">{t('privacy_rights.processed.sent')}</p>
          {reference && (
            <p>
              {t('privacy_rights.processed.reference')} <strong className="reference">{reference}</strong>
              <br />
              {t('privacy_rights.processed.reference_hint')}
            </p>
          )}
          {request.email.trim() ? (
            <p>{t('privacy_rights.processed.verify', { email: request.email.trim() })}</p>
          ) : null}
          <p>
            <Link href="/" className="button">
              {t('privacy_rights.processed.home')}
            </Link>
          </p>
        </>
      )}
    </section>
  )
}
