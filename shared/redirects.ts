/** Spec §9: more than this many chained redirects end in a 500 page 'Redirect loop'. */
export const REDIRECT_LIMIT = 20
export const REDIRECT_LOOP = 'redirect-loop'

/** A rule maps a path (with query) to the next URL, or to null when it does not apply. */
export interface RedirectRule {
  /** Permanent (301) when the old URL is gone for good; temporary (302) otherwise. */
  permanent: boolean
  apply: (url: string) => string | null
}

export type RedirectOutcome =
  | { kind: 'none' }
  | { kind: 'redirect'; to: string; permanent: boolean }
  | { kind: 'loop' }

/**
 * Follows redirect rules on the server until none applies, so the browser gets one redirect to the final
 * target instead of a chain. More than REDIRECT_LIMIT hops, or coming back to a URL already seen, is a loop.
 * The chain is permanent only when every hop is.
 */
export function followRedirects(url: string, rules: readonly RedirectRule[]): RedirectOutcome {
  const seen = new Set([url])
  let current = url
  let permanent = true
  for (let hops = 0; hops <= REDIRECT_LIMIT; hops++) {
    const next = applyFirst(current, rules)
    if (next === null) return hops === 0 ? { kind: 'none' } : { kind: 'redirect', to: current, permanent }
    if (seen.has(next.to) || hops === REDIRECT_LIMIT) return { kind: 'loop' }
    seen.add(next.to)
    permanent &&= next.permanent
    current = next.to
  }
  return { kind: 'loop' }
}

function applyFirst(url: string, rules: readonly RedirectRule[]): { to: string; permanent: boolean } | null {
  // An absolute URL has left this site: no rule of ours applies to it.
  if (!url.startsWith('/')) return null
  for (const rule of rules) {
    const to = rule.apply(url)
    if (to !== null && to !== url) return { to, permanent: rule.permanent }
  }
  return null
}
