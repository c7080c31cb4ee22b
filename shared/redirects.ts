/** Spec §9: more than this many chained redirects end in a 500 page 'Redirect loop'. */
export const REDIRECT_LIMIT = 20
export const REDIRECT_LOOP = 'redirect-loop'

/** A rule maps a path (with query) to the next path, or to null when it does not apply. */
export type RedirectRule = (url: string) => string | null

export type RedirectOutcome = { kind: 'none' } | { kind: 'redirect'; to: string } | { kind: 'loop' }

/**
 * Follows redirect rules on the server until none applies, so the browser gets one redirect to the final
 * target instead of a chain. More than REDIRECT_LIMIT hops, or coming back to a URL already seen, is a loop.
 */
export function followRedirects(url: string, rules: readonly RedirectRule[]): RedirectOutcome {
  const seen = new Set([url])
  let current = url
  for (let hops = 0; hops <= REDIRECT_LIMIT; hops++) {
    const next = applyFirst(current, rules)
    if (next === null) return hops === 0 ? { kind: 'none' } : { kind: 'redirect', to: current }
    if (seen.has(next) || hops === REDIRECT_LIMIT) return { kind: 'loop' }
    seen.add(next)
    current = next
  }
  return { kind: 'loop' }
}

function applyFirst(url: string, rules: readonly RedirectRule[]): string | null {
  for (const rule of rules) {
    const next = rule(url)
    if (next !== null && next !== url) return next
  }
  return null
}
