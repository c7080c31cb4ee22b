import { randomInt } from 'node:crypto'
import type { Db } from '../db/database'
import { insertEvent } from '../db/desk-repository'
import { countWrongTry, type RequesterState, setUnlockCode, useUnlockCode } from '../db/requester-repository'
import { saveWithMails } from '../db/unit-of-work'
import { codeMail } from '../mail/templates'
import type { RecipientMailLimit } from './recipient-limit'
import type { requesterMails } from './request-mails'

/** Issue 31 (moved from requester-access.ts): the status page's second factor: a code mailed, a code tried. */

/** Issue 25 item 4: a mailed code works 10 minutes and takes 5 tries; then a new one is needed. */
export const CODE_TTL_MS = 10 * 60_000
export const CODE_TRIES = 5
/** What a right code opens: the reply and the package, for this long in this browser. */
export const UNLOCK_MS = 30 * 60_000
/** The cookie that holds an unlocked request: `__Host-`, so only this origin over HTTPS sets and reads it. */
export const UNLOCK_COOKIE = '__Host-status-unlock'

/** Why a code did not unlock: wrong (tries left), expired or none, used up, or a link that does not work. */
export type UnlockRefusal = 'wrong' | 'expired' | 'locked' | 'unknown'

export interface CodeDeps {
  db: Db
  mailLimit: RecipientMailLimit
  mails: ReturnType<typeof requesterMails>
  clock: () => Date
  /** The HMAC that signs the unlock cookie. */
  mac: (text: string) => string
  codeHash: (requestId: string, code: string) => string
}

/**
 * Mails a new code to the request's address (replacing any earlier one): `limited` when that address had
 * its codes for today, `unknown` for a link that does not (or no longer) work.
 */
export async function sendCode(
  deps: CodeDeps,
  state: RequesterState | null,
): Promise<'sent' | 'limited' | 'unknown'> {
  const email = state?.request.email
  if (!state || !email) return 'unknown'
  const { request } = state
  if (!(await deps.mailLimit.allows('code', email))) return 'limited'
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const now = deps.clock()
  const nowIso = now.toISOString()
  await saveWithMails(deps.db, nowIso, async (trx) => {
    await setUnlockCode(
      trx,
      request.id,
      deps.codeHash(request.id, code),
      new Date(now.getTime() + CODE_TTL_MS).toISOString(),
    )
    await insertEvent(trx, request.id, { kind: 'code-sent', occurredAt: nowIso })
    return [
      deps.mails.to(
        request,
        'code',
        codeMail(deps.mails.translate(request), deps.mails.named(request), code, CODE_TTL_MS / 60_000),
      ),
    ]
  })
  return 'sent'
}

/** A try at the code: the cookie that unlocks the request, or why not (each wrong try counts). */
export async function unlockWithCode(
  deps: CodeDeps,
  state: RequesterState | null,
  code: string,
): Promise<
  | { ok: true; cookie: string; maxAgeSeconds: number }
  | { ok: false; reason: UnlockRefusal; triesLeft?: number }
> {
  if (!state) return { ok: false, reason: 'unknown' }
  const { request } = state
  const now = deps.clock()
  const current = state.code
  if (!current || Date.parse(current.expiresAt) <= now.getTime()) return { ok: false, reason: 'expired' }
  if (current.tries >= CODE_TRIES) return { ok: false, reason: 'locked' }
  const given = /^\d{6}$/.test(code.trim()) ? deps.codeHash(request.id, code.trim()) : ''
  if (given !== current.hash) {
    if (!(await countWrongTry(deps.db.db, request.id, current.hash, CODE_TRIES)))
      return { ok: false, reason: 'locked' }
    const triesLeft = CODE_TRIES - current.tries - 1
    return triesLeft > 0 ? { ok: false, reason: 'wrong', triesLeft } : { ok: false, reason: 'locked' }
  }
  const nowIso = now.toISOString()
  const used = await deps.db.db.transaction().execute(async (trx) => {
    if (!(await useUnlockCode(trx, request.id, current.hash, CODE_TRIES))) return false
    await insertEvent(trx, request.id, { kind: 'unlocked', occurredAt: nowIso })
    return true
  })
  if (!used) return { ok: false, reason: 'expired' }
  const until = now.getTime() + UNLOCK_MS
  return {
    ok: true,
    cookie: `${request.id}.${until}.${deps.mac(`unlock:${request.id}.${until}`)}`,
    maxAgeSeconds: UNLOCK_MS / 1000,
  }
}
