// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { historyOf } from './history-data'

/** Issue 29: every version of a document, newest first, each with its date, summary and links. */
export function data(pageContext: PageContextServer) {
  const { key, documentTitle, contentLang, versions, t, trail } = historyOf(pageContext, false)
  return {
    key,
    title: t('document_history.title', { title: documentTitle }),
    contentLang,
    versions,
    trail: trail(),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
