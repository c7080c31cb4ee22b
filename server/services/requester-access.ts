import { createHmac, timingSafeEqual } from 'node:crypto'
import type { BrandCatalog } from '#shared/brands.ts'
import type { RequestStatusView } from '#shared/privacy-rights/status-page.ts'
import type { Country } from '#shared/site.ts'
import type { Db } from '../db/database'
import { eventsOf, insertEvent } from '../db/desk-repository'
import { filesOf } from '../db/file-repository'
import { findByPageToken, type RequesterState } from '../db/requester-repository'
import { packageZip } from './access-package-zip'
import { CODE_TRIES, sendCode, unlockWithCode } from './requester-codes'

export { CODE_TRIES, CODE_TTL_MS, UNLOCK_COOKIE, UNLOCK_MS, type UnlockRefusal } from './requester-codes'

import { outcomeViews, taskViews } from './brand-tasks'
import type { FileStore } from './file-store'
import type { RecipientMailLimit } from './recipient-limit'
import { hashToken } from './request-intake'
import { requesterMails } from './request-mails'

export type { RequestStatusView }

const DAY_MS = 86_400_000
/** A status link lapses this long after its request was closed (issue 16 item 7). */
const STATUS_LINK_DAYS = 30
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
  const codeDeps = { db, mailLimit: deps.mailLimit, mails, clock, mac, codeHash }

  /** The request of a link that still works: not lapsed 30 days after closing, not anonymised. */
  const stateOf = async (token: string): Promise<RequesterState | null> => {
    if (!/^[\w-]{20,100}$/.test(token)) return null
    const state = await findByPageToken(db.db, hashToken(token))
    if (!state?.request.reference || state.anonymisedAt) return null
    const closed = state.request.closedAt ? Date.parse(state.request.closedAt) : null
    if (closed !== null && clock().getTime() > closed + STATUS_LINK_DAYS * DAY_MS) return null
    return state
  }

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
      return state ? statusView({ db, brands, now: clock() }, state, unlocked) : null
    },

    /** Mails a new code to the request's address (requester-codes.ts). */
    sendCode: async (token: string) => sendCode(codeDeps, await stateOf(token)),

    /** A try at the code: the cookie that unlocks the request, or why not (requester-codes.ts). */
    unlock: async (token: string, code: string) => unlockWithCode(codeDeps, await stateOf(token), code),

    /** The access package as a ZIP stream, or why not (packageDownload). */
    async download(token: string, unlocked: string | null) {
      const state = await stateOf(token)
      if (!state) return { kind: 'none' as const }
      return packageDownload({ db, brands, files, now: clock() }, state, unlocked)
    },

    /** A download that reached its end, on the request's timeline. */
    async downloaded(requestId: string) {
      await insertEvent(db.db, requestId, { kind: 'package-downloaded', occurredAt: clock().toISOString() })
    },
  }
}

export type RequesterAccess = ReturnType<typeof createRequesterAccess>

/** What the status page shows of a request whose link works; the replies' texts only once unlocked. */
async function statusView(
  ctx: { db: Db; brands: BrandCatalog; now: Date },
  state: RequesterState,
  unlocked: string | null,
): Promise<RequestStatusView> {
  const { request } = state
  const { db, brands, now } = ctx
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
    package: accessPackage(state, stored.length, now),
  }
}

/** The access package of a completed access request, while it has one: until when, whether expired, its files. */
function accessPackage(state: RequesterState, fileCount: number, now: Date) {
  return state.request.flowType === 'RIGHT_OF_ACCESS' &&
    state.request.status === 'completed' &&
    state.packageExpiresAt
    ? {
        until: state.packageExpiresAt,
        expired: now.getTime() >= Date.parse(state.packageExpiresAt),
        files: fileCount,
      }
    : null
}

/**
 * The access package as a ZIP stream: the summary page in the requester's language and every brand's
 * files, read chunk by chunk as the ZIP is written. `locked` without the second factor, `gone` after its
 * days, `none` when the request has no package.
 */
async function packageDownload(
  ctx: { db: Db; brands: BrandCatalog; files: FileStore; now: Date },
  state: RequesterState,
  unlocked: string | null,
): Promise<
  | { kind: 'zip'; name: string; stream: AsyncGenerator<Buffer>; requestId: string; lang: 'nl' | 'fr' }
  | { kind: 'locked' | 'gone' | 'none' }
> {
  const { db, brands, files, now } = ctx
  const pack = accessPackage(state, 0, now)
  if (!pack) return { kind: 'none' }
  if (pack.expired) return { kind: 'gone' }
  if (unlocked !== state.request.id) return { kind: 'locked' }
  const { request } = state
  const [views, stored, events] = await Promise.all([
    taskViews(db, brands, request, now),
    filesOf(db.db, { requestId: request.id }),
    eventsOf(db.db, request.id),
  ])
  const stream = packageZip({ request, views, stored, events, files, now })
  return {
    kind: 'zip',
    name: `${request.reference}.zip`,
    stream,
    requestId: request.id,
    lang: request.language,
  }
}
