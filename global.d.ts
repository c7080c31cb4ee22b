import type React from 'react'
import type { BrandCatalog } from './shared/brands'
import type { PhraseKey, Phrases } from './shared/i18n/translate'
import type { Language, Locale } from './shared/locale'
import type { DeskActor, PageContextServices } from './shared/page-services'
import type { UnsubscribeView } from './shared/privacy-rights/preferences'
import type { SignInView, StaffIdentity, StaffMember } from './shared/privacy-rights/staff'
import type { StatusNotice } from './shared/privacy-rights/status-page'
import type { Site } from './shared/site'

/** The page context's services are typed by shared/page-services.ts: this file imports nothing from server/. */
declare global {
  namespace Vike {
    /** The page's services (shared/page-services.ts), on the server only. */
    interface PageContext extends Partial<PageContextServices> {
      Page: () => React.JSX.Element
      /** Resolved from the Host header by the server before Vike runs. */
      site: Site
      lang: Language
      locale: Locale
      /** The phrases this page sends to the browser (its namespaces only). */
      phrases: Phrases
      /** The path without its language prefix (`/phone`) and the query (`?x=1`), for links and breadcrumbs. */
      logicalPath: string
      search: string
      /** Settings the server hands to rendering, never to the browser. */
      settings?: RenderSettings
      /** Staff pages only: who is signed in (null: nobody); undefined everywhere else. */
      staffMember?: StaffMember | null
      /** Staff pages only, on the server: the full identity the audit trail records. */
      staffIdentity?: StaffIdentity | null
      /** The sign-in page's view: how sign-in is offered and what to tell. */
      staffSignIn?: SignInView | null
      /** Issue 25, the status page: the request this browser unlocked with a mailed code (null: none). */
      statusUnlocked?: string | null
      /** Issue 25, the status page after one of its forms: what to tell (a wrong code, a code sent, …). */
      statusNotice?: StatusNotice | null
      /** Issue 28: the page of a one-click unsubscribe link, as server/api/unsubscribe.ts found its token. */
      unsubscribe?: UnsubscribeView
      /** Staff pages, on the server: the privacy-team member acting on the desk; null without that role. */
      deskActor?: DeskActor | null
      /** Staff pages: the signed-in member's roles, for the staff bar's links. */
      staffRoles?: readonly string[]
    }
    interface PageContextServer {
      /** The brand lists of both countries (content/brands), for data hooks: pages never import server/. */
      brands: BrandCatalog
      /**
       * Issue 26: the database is away and the server asks for the page that says so (503, in the language of
       * the URL) instead of the page the URL names.
       */
      databaseUnavailable?: boolean
      /** Issue 30: the client is over its render limit; the server asks for the page that says so (429). */
      tooManyRenders?: boolean
    }
    interface Config {
      /** Phrase key of the page title, or a function of the page context that returns one. */
      title?: PhraseKey | ((pageContext: PageContext) => PhraseKey)
      /** Phrase key of the meta description. */
      description?: PhraseKey
      /** Phrase namespaces (key prefixes) the page's components use in the browser. */
      phrases?: string[]
      /** False on pages that show no breadcrumb trail (the error page). */
      breadcrumbs?: boolean
      /**
       * True on a form page: its +client.ts hydrates it (renderer/hydrate.tsx), and the server puts the page
       * context it needs beside the HTML. Content pages (the default) load no React (issue 19).
       */
      hydrate?: boolean
      /** A form page's `+clientData.ts`: what of its data the browser gets (default: all of it). */
      clientData?: (data: never) => unknown
      /** How the server may keep the rendered page (issue 19, server/middleware/pages.ts); absent: for good. */
      pageCache?: PageCacheSetting
      /**
       * True where the page's address carries a personal token (the verification link, the status link): no
       * third-party script may load there, analytics included (issue 27), as it could read the address.
       */
      personalLink?: boolean
    }
    /**
     * `false`: never kept (a personal token in the URL). `maxAgeSeconds`: the page reads the database, a copy
     * is served this long at most. `perQuery`: the query string selects what is shown and is nothing personal
     * (a search, filters), so a copy is kept per query string, for a minute at most.
     */
    type PageCacheSetting =
      | false
      | {
          maxAgeSeconds?: number
          perQuery?: boolean
          /** What the page is made of: the server forgets its copies when that changes in this process. */
          tag?: 'notices'
        }
    interface ConfigResolved {
      phrases?: string[][]
    }
  }
  interface RenderSettings {
    fathomSiteId: string | null
    corporateSiteUrl: string
    privacyMailbox: Readonly<Record<'NL' | 'BE', string>>
  }
}
