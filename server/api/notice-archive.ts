import { type RequestHandler, type Response, Router } from 'express'
import { HttpError } from '../http-error'
import { siteOf } from '../middleware/site'
import type { ApiClientService } from '../services/api-clients'
import type { NoticeArchive } from '../services/notice-archive'
import type { PoliticalAdsService } from '../services/political-ads'
import { type RepositoryExports, repositoryEntries } from '../services/repository-export'
import { unauthenticated, WWW_AUTHENTICATE } from './fulfilment'
import { noticeGone } from './political-ads'

/** `2026-11-24.jsonl`: a day's archive file. */
const DAY_FILE = /^(\d{4}-\d{2}-\d{2})\.jsonl$/

/**
 * Issue 29, where POLITICAL_ADS is on (404 elsewhere, as the other notice endpoints):
 * - `/api/campaign-items/archive/manifest.json` and `…/archive/{date}.jsonl`: the political-ads archive of the
 *   host's country, each day's file as written (an archived day never changes: cached for good);
 * - `/api/campaign-items/{id}/repository.json`: the notice's current version in the EU repository's shape,
 *   one entry per language of the country. A registered system (`Authorization: Bearer` with a client's
 *   secret) that takes it is recorded as having exported that version; anyone may read it.
 */
export function noticeArchiveRouter(deps: {
  archive: NoticeArchive
  exports: RepositoryExports
  politicalAds: PoliticalAdsService
  apiClients: ApiClientService
}): Router {
  const router = Router()
  const enabled: RequestHandler = (req, _res, next) => {
    next(req.site?.toggles.POLITICAL_ADS ? undefined : new HttpError(404, 'NOT_FOUND', 'No such endpoint'))
  }
  const base = '/campaign-items/archive'

  // Express routes are not strict: `/archive/` is this route too.
  router.get(base, enabled, (_req, res) => {
    res.redirect(302, '/api/campaign-items/archive/manifest.json')
  })
  router.get(`${base}/manifest.json`, enabled, async (req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(await deps.archive.manifest(siteOf(req).country))
  })
  router.get(`${base}/:file`, enabled, async (req, res) => {
    const date = DAY_FILE.exec(String(req.params.file))?.[1]
    const file = date ? await deps.archive.file(siteOf(req).country, date) : null
    if (!file) throw new HttpError(404, 'NOT_FOUND', 'No archive file of that day')
    res
      .set({ 'Cache-Control': 'public, max-age=31536000, immutable', ETag: `"${file.sha256}"` })
      .type('application/jsonl; charset=utf-8')
      .send(file.content)
  })

  router.get('/campaign-items/:id/repository.json', enabled, async (req, res) => {
    const site = siteOf(req)
    const client = await clientOf(deps.apiClients, req.get('authorization'), res)
    const id = String(req.params.id)
    const notice = await deps.politicalAds.find(site, site.country, id)
    if (!notice) {
      if (await deps.politicalAds.removedAt(site, site.country, id)) throw noticeGone()
      throw new HttpError(404, 'NOT_FOUND', 'No such campaign item')
    }
    if (client) await deps.exports.record(notice, client.id)
    res
      .set('Cache-Control', client ? 'no-store' : 'public, max-age=60')
      .json(repositoryEntries(notice, site.origin, site.country))
  })
  return router
}

/** The registered system calling, or null without `Authorization`; a secret that is not valid is a 401. */
async function clientOf(apiClients: ApiClientService, header: string | undefined, res: Response) {
  if (header === undefined) return null
  const secret = /^Bearer +([\w-]{1,200})$/i.exec(header)?.[1]
  const client = secret ? await apiClients.authenticate(secret) : null
  if (!client) {
    res.set('WWW-Authenticate', WWW_AUTHENTICATE.invalid)
    throw unauthenticated()
  }
  return client
}
