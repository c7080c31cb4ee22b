import { type ReactNode, StrictMode, useEffect } from 'react'
import type { PageContext } from 'vike/types'
import { isPublicPath } from '#shared/navigation.ts'
import { Breadcrumbs } from './components/Breadcrumbs'
import { Footer } from './components/Footer'
import { Header } from './components/Header'
import { StaffBar } from './components/StaffBar'
import { PageContextProvider } from './usePageContext'
import { TranslateProvider } from './useTranslate'
import './styles/global.css'

export function PageShell({ pageContext, children }: { pageContext: PageContext; children: ReactNode }) {
  const isPublic = isPublicPath(pageContext.logicalPath)
  return (
    <StrictMode>
      <PageContextProvider pageContext={pageContext}>
        <TranslateProvider>
          {isPublic && <Header />}
          <main id="main" className="main" tabIndex={-1}>
            {isPublic && <Breadcrumbs />}
            {pageContext.staffMember !== undefined && <StaffBar />}
            {children}
          </main>
          {isPublic && <Footer />}
          <HydrationMarker />
        </TranslateProvider>
      </PageContextProvider>
    </StrictMode>
  )
}

/** Marks the document once React has hydrated it: tests and styles can tell a live page from static HTML. */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return null
}
