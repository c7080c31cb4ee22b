/**
 * Issue 30: the first segment of every page's route under a language prefix (`/nl/about` → `about`), from
 * the folders of `pages/` and their `+route.ts` files (Vike's routing). A path whose first segment is none of
 * these reaches no page: the server answers it with the not-found page without asking Vike to route it.
 * `shared/page-roots.test.ts` compares this list with `pages/`: a new page folder must be named here.
 */
export const PAGE_ROOTS: ReadonlySet<string> = new Set([
  'about',
  'document',
  'email-verification-expired',
  'email-verification-failed',
  'email-verified',
  'internal-privacy-rights',
  'phone',
  'political-ads',
  'privacy-rights',
  'search',
  'unsubscribe',
  'verify-email',
])
