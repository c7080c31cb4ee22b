import { useCallback } from 'react'
import { useTranslate } from '../useTranslate'

/** Puts `prefix` before the page's title, or takes it away. */
export function markTitle(prefix: string, on: boolean) {
  const marked = `${prefix} `
  const bare = document.title.startsWith(marked) ? document.title.slice(marked.length) : document.title
  document.title = on ? marked + bare : bare
}

/**
 * Issue 20 (WCAG 2.4.2): while a form shows errors, the page's title says so first ("Fout: …",
 * "Erreur : …"). Returns the switch; the page's config needs the `forms` phrases.
 */
export function useErrorTitle(): (on: boolean) => void {
  const t = useTranslate()
  return useCallback((on: boolean) => markTitle(t('forms.error_title'), on), [t])
}
