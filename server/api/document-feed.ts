import { Router } from 'express'
import { isLanguage } from '#shared/locale.ts'
import { documentChangesFeed } from '../documents/atom'
import type { DocumentStore } from '../documents/store'
import { siteOf } from '../middleware/site'

/**
 * Issue 29: `GET /{lang}/document/changes.atom`, every change of every document in that language, for feed
 * readers and archives (Open Terms Archive and the like). Documents are loaded at start-up: one feed per site
 * and language, made once.
 */
export function documentFeedRouter(documents: DocumentStore): Router {
  const router = Router()
  const feeds = new Map<string, string>()
  router.get('/:lang/document/changes.atom', (req, res, next) => {
    const { lang } = req.params
    if (!isLanguage(lang)) {
      next()
      return
    }
    const site = siteOf(req)
    const id = `${site.origin}|${site.country}|${lang}`
    let feed = feeds.get(id)
    if (feed === undefined) {
      feed = documentChangesFeed(documents, site, lang)
      feeds.set(id, feed)
    }
    res.type('application/atom+xml; charset=utf-8').set('Cache-Control', 'public, max-age=3600').send(feed)
  })
  return router
}
