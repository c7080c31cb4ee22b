import { hydrateRoot } from 'react-dom/client'
import type { PageContext } from 'vike/types'
import type { IslandMount } from '../client-context'
import { ContactForm, type ContactValues } from '../components/ContactForm'
import { islandIdPrefix, PageRoot } from '../PageRoot'

/**
 * The contact form of home and about, made live. What the visitor typed before its script arrived is read
 * from the fields and becomes the form's first state, so React's state and the page agree.
 */
export const mount: IslandMount = (root, context, hydrated) => {
  const form = root.querySelector('form')
  const typed = form ? Object.fromEntries(new FormData(form)) : {}
  const initialValues: Partial<ContactValues> = Object.fromEntries(
    Object.entries(typed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  )
  hydrateRoot(
    root,
    // The island reads only the parts of the page context it was given (IslandContext).
    <PageRoot pageContext={context as PageContext} onHydrated={hydrated}>
      <ContactForm initialValues={initialValues} />
    </PageRoot>,
    { identifierPrefix: islandIdPrefix('contact-form') },
  )
}
