import { useEffect, useState } from 'react'
import type { PhoneReader } from '#shared/privacy-rights/validation.ts'

let loading: Promise<PhoneReader> | undefined

/**
 * The numbering plans (libphonenumber-js with its full metadata, about 50 kB gzipped) load with the first
 * phone field a page shows, not with the page: most requests have no phone number, and a form page's script
 * stays within its budget (issue 19).
 */
export function loadPhoneReader(): Promise<PhoneReader> {
  loading ??= import('#shared/phone-number.ts').then((module) => module.readPhoneNumber)
  return loading
}

/** The reader a body's check needs: loaded only when the body has a phone number (else none is read). */
export function phoneReaderFor(phone: string | undefined): Promise<PhoneReader> {
  return phone ? loadPhoneReader() : Promise.resolve(() => null)
}

/** The reader once loaded (the load starts with the component), null before. */
export function usePhoneReader(): PhoneReader | null {
  const [reader, setReader] = useState<PhoneReader | null>(null)
  useEffect(() => {
    let live = true
    void loadPhoneReader().then((read) => {
      if (live) setReader(() => read)
    })
    return () => {
      live = false
    }
  }, [])
  return reader
}
