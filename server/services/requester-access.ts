import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { Readable } from 'node:stream'
import { ZipFile } from 'yazl'
import type { BrandCatalog } from '#shared/brands.ts'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import type { RequestStatus } from '#shared/privacy-rights/desk.ts'
import type { TaskOutcomeView } from '#shared/privacy-rights/tasks.ts'
import type { Country } from '#shared/site.ts'
import type { Db } from '../db/database'
import { eventsOf, insertEvent } from '../db/desk-repository'
import { filesOf } from '../db/file-repository'
import type { PrivacyRequest } from '../db/privacy-request-repository'
import {
  countWrongTry,
  findByPageToken,
  type RequesterState,
  setUnlockCode,
  useUnlockCode,
} from '../db/requester-repository'
import { saveWithMails } from '../db/unit-of-work'
import { codeMail } from '../mail/templates'
import { accessSummary } from './access-summary'
import { outcomeViews, taskViews } from './brand-tasks'
import type { FileStore } from './file-store'
import { hashToken } from './privacy-requests'
import type { RecipientMailLimit } from './recipient-limit'
import { mailLocale, requesterMails } from './request-mails'

const DAY_MS = 86_400_000
/** A status link lapses this long after its request was closed (issue 16 item 7). */
const STATUS_LINK_DAYS = 30
/** Issue 25 item 4: a mailed code works 10 minutes and takes 5 tries; then a new one is needed. */
export const CODE_TTL_MS = 10 * 60_000
export const CODE_TRIES = 5
/** What a right code opens: the reply and the package, for this long in this browser. */
export const UNLOCK_MS = 30 * 60_000
/** The cookie that holds an unlocked request: `__Host-`, so only this origin over HTTPS sets and reads it. */
export const UNLOCK_COOKIE = '__Host-status-unlock'

/** Why a code did not unlock: wrong (tries left), expired or none, used up, or a link that does not work. */
export type UnlockRefusal = 'wrong' | 'expired' | 'locked' | 'unknown'

/** What the requester's status page shows (issue 16 item 7, issue 25 item 4). */
export interface RequestStatusView {
  reference: string
  flowType: PrivacyRequest['flowType']
  status: RequestStatus
  receivedAt: string
  dueAt: string | null
  /** Per brand system: its brands and its answer, never data. */
  outcomes: TaskOutcomeView[]
  /** The second factor was passed in this browser: replies and the package show. */
  unlocked: boolean
  /** A code was mailed and can still be tried. */
  codePending: boolean
  /** Each reply; its text only once unlocked (and until an access package's reply is erased). */
  replies: { id: string; kind: 'extended' | 'completed' | 'rejected'; at: string; text: string | null }[]
  /** A completed access request's package: until when, and whether that time has passed. */
  package: { until: string; expired: boolean; files: number } | null
}

/**
 * Issue 25 item 4: the requester's own view through their status link. The link shows the request's course
 * and each brand's outcome; the replies and the access package need a second factor, a 6-digit code mailed to
 * the request's address, which unlocks them in that browser for 30 minutes (a signed `__Host-` cookie).
 */
export function createRequesterAccess(deps: {
  db: Db
  brands: BrandCatalog
  files: FileStore
  mailLimit: RecipientMailLimit
  privacyMailbox: Readonly<Record<Country, string>>
  /** Signs the unlock cookie and keys the codes' hashes. */
  key: Buffer
  clock?: () => Date
}) {
  const { db, brands, files, key } = deps
  const clock = deps.clock ?? (() => new Date())
  const mails = requesterMails(brands, deps.privacyMailbox)
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('base64url')
  const codeHash = (requestId: string, code: string) => mac(`code:${requestId}:${code}`)

  /** The request of a link that still works: not lapsed 30 days after closing, not anonymised. */
  const stateOf = async (token: string): Promise<RequesterState | null> => {
    if (!/^[\w-]{20,100}$/.test(token)) return null
    const state = await findByPageToken(db.db, hashToken(token))
    if (!state?.request.reference || state.anonymisedAt) return null
    const closed = state.request.closedAt ? Date.parse(state.request.closedAt) : null
    if (closed !== null && clock().getTime() > closed + STATUS_LINK_DAYS * DAY_MS) return null
    return state
  }

  const packageOf = (state: RequesterState, fileCount: number) =>
    state.request.flowType === 'RIGHT_OF_ACCESS' &&
    state.request.status === 'completed' &&
    state.packageExpiresAt
      ? {
          until: state.packageExpiresAt,
          expired: clock().getTime() >= Date.parse(state.packageExpiresAt),
          files: fileCount,
        }
      : null

  return {
    /** The unlocked request of a cookie, or null (none, forged, or past its 30 minutes). */
    unlockedBy(cookie: string | undefined): string | null {
      const [id, until, signature] = (cookie ?? '').split('.')
      if (!id || !until || !signature || !/^\d+$/.test(until)) return null
      const expected = Buffer.from(mac(`unlock:${id}.${until}`))
      const given = Buffer.from(signature)
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
      return Number(until) > clock().getTime() ? id : null
    },

    async view(token: string, unlocked: string | null): Promise<RequestStatusView | null> {
      const state = await stateOf(token)
      if (!state) return null
      const { request } = state
      const now = clock()
      const open = unlocked === request.id
      const [events, views, stored] = await Promise.all([
        eventsOf(db.db, request.id),
        taskViews(db, brands, request, now),
        filesOf(db.db, { requestId: request.id }),
      ])
      return {
        reference: request.reference ?? '',
        flowType: request.flowType,
        status: request.status,
        receivedAt: request.createdAt,
        dueAt: request.dueAt,
        outcomes: outcomeViews(views),
        unlocked: open,
        codePending:
          !open &&
          state.code !== null &&
          state.code.tries < CODE_TRIES &&
          Date.parse(state.code.expiresAt) > now.getTime(),
        replies: events.flatMap((event) =>
          event.kind === 'extended' || event.kind === 'completed' || event.kind === 'rejected'
            ? [{ id: event.id, kind: event.kind, at: event.occurredAt, text: open ? event.text : null }]
            : [],
        ),
        package: packageOf(state, stored.length),
      }
    },

    /**
     * Mails a new code to the request's address (replacing any earlier one): `limited` when that address had
     * its codes for today, `unknown` for a link that does not (or no longer) work.
     */
    async sendCode(token: string): Promise<'sent' | 'limited' | 'unknown'> {
      const state = await stateOf(token)
      const email = state?.request.email
      if (!state || !email) return 'unknown'
      const { request } = state
      if (!(await deps.mailLimit.allows('code', email))) return 'limited'
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
      const now = clock()
      const nowIso = now.toISOString()
      await saveWithMails(db, nowIso, async (trx) => {
        await setUnlockCode(
          trx,
          request.id,
          codeHash(request.id, code),
          new Date(now.getTime() + CODE_TTL_MS).toISOString(),
        )
        await insertEvent(trx, request.id, { kind: 'code-sent', occurredAt: nowIso })
        return [
          mails.to(
            request,
            'code',
            codeMail(mails.translate(request), mails.named(request), code, CODE_TTL_MS / 60_000),
          ),
        ]
      })
      return 'sent'
    },

    /** A try at the code: the cookie that unlocks the request, or why not (each wrong try counts). */
    async unlock(
      token: string,
      code: string,
    ): Promise<
      | { ok: true; cookie: string; maxAgeSeconds: number }
      | { ok: false; reason: UnlockRefusal; triesLeft?: number }
    > {
      const state = await stateOf(token)
      if (!state) return { ok: false, reason: 'unknown' }
      const { request } = state
      const now = clock()
      const current = state.code
      if (!current || Date.parse(current.expiresAt) <= now.getTime()) return { ok: false, reason: 'expired' }
      if (current.tries >= CODE_TRIES) return { ok: false, reason: 'locked' }
      const given = /^\d{6}$/.test(code.trim()) ? codeHash(request.id, code.trim()) : ''
      if (given !== current.hash) {
        if (!(await countWrongTry(db.db, request.id, current.hash, CODE_TRIES)))
          return { ok: false, reason: 'locked' }
        const triesLeft = CODE_TRIES - current.tries - 1
        return triesLeft > 0 ? { ok: false, reason: 'wrong', triesLeft } : { ok: false, reason: 'locked' }
      }
      const nowIso = now.toISOString()
      const used = await db.db.transaction().execute(async (trx) => {
        if (!(await useUnlockCode(trx, request.id, current.hash, CODE_TRIES))) return false
        await insertEvent(trx, request.id, { kind: 'unlocked', occurredAt: nowIso })
        return true
      })
      if (!used) return { ok: false, reason: 'expired' }
      const until = now.getTime() + UNLOCK_MS
      return {
        ok: true,
        cookie: `${request.id}.${until}.${mac(`unlock:${request.id}.${until}`)}`,
        maxAgeSeconds: UNLOCK_MS / 1000,
      }
    },

    /**
     * The access package as a ZIP stream: the summary page in the requester's language and every brand's
     * files, read chunk by chunk as the ZIP is written. `locked` without the second factor, `gone` after its
     * days, `none` when the request has no package.
     */
    async download(
      token: string,
      unlocked: string | null,
    ): Promise<
      | { kind: 'zip'; name: string; stream: NodeJS.ReadableStream; requestId: string; lang: 'nl' | 'fr' }
      | { kind: 'locked' | 'gone' | 'none' }
    > {
      const state = await stateOf(token)
      if (!state) return { kind: 'none' }
      const pack = packageOf(state, 0)
      if (!pack) return { kind: 'none' }
      if (pack.expired) return { kind: 'gone' }
      if (unlocked !== state.request.id) return { kind: 'locked' }
      const { request } = state
      const now = clock()
      const [views, stored, events] = await Promise.all([
        taskViews(db, brands, request, now),
        filesOf(db.db, { requestId: request.id }),
        eventsOf(db.db, request.id),
      ])
      const t = serverTranslate(mailLocale(request))
      const folderOf = new Map(views.map((task) => [task.id, safeName(task.client)]))
      const paths = new Map<string, string>()
      const taken = new Set<string>()
      for (const file of stored) {
        const folder = folderOf.get(file.taskId) ?? 'data'
        let path = `${folder}/${safeName(file.name)}`
        for (let n = 2; taken.has(path); n++) path = `${folder}/${n}-${safeName(file.name)}`
        taken.add(path)
        paths.set(file.id, path)
      }
      const reply = events.findLast((event) => event.kind === 'completed')?.text ?? null
      const zip = new ZipFile()
      const mtime = now
      zip.addBuffer(
        Buffer.from(accessSummary(t, request, views, reply, paths)),
        `${t('package.summary_file')}.html`,
        {
          mtime,
        },
      )
      for (const file of stored) {
        const compress = file.contentType === 'text/csv' || file.contentType === 'application/json'
        zip.addReadStreamLazy(paths.get(file.id) ?? file.id, { size: file.size, compress, mtime }, (done) =>
          done(null, Readable.from(files.read(file))),
        )
      }
      zip.end()
      return {
        kind: 'zip',
        name: `${request.reference}.zip`,
        stream: zip.outputStream,
        requestId: request.id,
        lang: request.language,
      }
    },

    /** A download that reached its end, on the request's timeline. */
    async downloaded(requestId: string) {
      await insertEvent(db.db, requestId, { kind: 'package-downloaded', occurredAt: clock().toISOString() })
    },
  }
}

export type RequesterAccess = ReturnType<typeof createRequesterAccess>

/** A name that is one path part in a ZIP on every system: no separators, no control or reserved characters. */
function safeName(name: string): string {
  const cleaned = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '_')
    .replace(/^\.+/, '')
    .trim()
  return cleaned.slice(0, 120) || 'data'
}
