import { useEffect } from 'react'
import { useTranslate } from '../useTranslate'

/** Puts `prefix` before the page's title, or takes it away. */
export function markTitle(prefix: string, on: boolean) {
  const marked = `${prefix} `
  const bare = document.title.startsWith(marked) ? document.title.slice(marked.length) : document.title
  document.title = on ? marked + bare : bare
}

/** Whether a form's error map shows at least one error. */
export function showsErrors(errors: Readonly<Record<string, unknown>>): boolean {
  return Object.values(errors).some(Boolean)
}

/**
 * Issue 20 (WCAG 2.4.2): while a form shows errors, the page's title says so first ("Fout: …",
 * "Erreur : …"), and only then: the mark follows the errors on the screen, so it goes as soon as the last
 * one is corrected by typing, not at the next submit. The page's config needs the `forms` phrases.
 */
export function useErrorTitle(shown: boolean) {
  const t = useTranslate()
  const prefix = t('forms.error_title')
  useEffect(() => markTitle(prefix, shown), [prefix, shown])
}
