import type { PageContext } from 'vike/types'
import { isPublicPath } from '#shared/navigation.ts'
import { Breadcrumbs } from './components/Breadcrumbs'
import { Footer } from './components/Footer'
import { Header } from './components/Header'
import { StaffBar, StaffTop } from './components/StaffBar'
import { PAGE_ROOT_ID, PageRoot } from './PageRoot'
import './styles/global.css'

/**
 * The frame around every page: header, breadcrumbs, staff bar, footer. It is rendered on the server only and
 * never hydrated: its few behaviours (the menu, the language switcher's anchor) are plain scripts
 * (renderer/enhance/), so a content page needs no React in the browser (issue 19). The page itself is
 * rendered apart (`pageHtml`), as its own React root.
 */
export function PageShell({ pageContext, pageHtml }: { pageContext: PageContext; pageHtml: string }) {
  const isPublic = isPublicPath(pageContext.logicalPath)
  return (
    <PageRoot pageContext={pageContext}>
      {isPublic ? <Header /> : <StaffTop />}
      <main id="main" className="main" tabIndex={-1}>
        {isPublic && <Breadcrumbs />}
        {isPublic && pageContext.staffMember !== undefined && <StaffBar />}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own server-rendered React HTML */}
        <div id={PAGE_ROOT_ID} dangerouslySetInnerHTML={{ __html: pageHtml }} />
      </main>
      {isPublic && <Footer />}
    </PageRoot>
  )
}
