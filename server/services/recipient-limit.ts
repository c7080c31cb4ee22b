import { createHash } from 'node:crypto'
import { normaliseAddress } from '#shared/mailbox.ts'
import type { RateLimitStore } from '../rate-limit-store'

export { normaliseAddress }

/**
 * Which mails count together: verification links; acknowledgements of contact messages and complaints; and
 * (issue 25) the status page's codes, which only someone holding the request's own link can ask for.
 */
export type RecipientMailGroup = 'verification' | 'acknowledgement' | 'code'

/** Codes a day to one address: enough for a requester who mistypes, too few to flood their mailbox. */
export const CODE_MAILS_PER_DAY = 10

/**
 * Nothing an anonymous visitor does may flood a third party: at most `perDay` mails of a group go to one
 * address in 24 hours. A request beyond it is stored and answered like any other (no one learns that an
 * address is being used), only its mail is not sent. The store holds a hash of the address, never the address.
 */
export interface RecipientMailLimit {
  allows(group: RecipientMailGroup, address: string): Promise<boolean>
}

const DAY_MS = 24 * 3600_000

export function recipientMailLimit(store: RateLimitStore, perDay: number): RecipientMailLimit {
  return {
    async allows(group, address) {
      const key = `mail:${group}:${createHash('sha256').update(normaliseAddress(address)).digest('hex')}`
      return (await store.hit(key, DAY_MS)) <= (group === 'code' ? CODE_MAILS_PER_DAY : perDay)
    },
  }
}
