import type { SentMail } from '../db/outbox-repository'

/**
 * Marks sent mails as sent as soon as the SMTP server took them (issue 30: a batch marked only at its end
 * was sent again, whole, when its instance died mid-batch). Marks that arrive while one is written go in the
 * next write together, so a busy outbox still writes few statements; a refused write is asked again while
 * the claim lasts (`markSent`: writeBeforeClaimLapses).
 */
export function markSentSoon(sent: SentMail[], markSent: (batch: SentMail[]) => Promise<unknown>) {
  const pending: SentMail[] = []
  let writing: Promise<void> | null = null
  let failure: unknown = null
  const write = async () => {
    while (pending.length > 0) {
      const batch = pending.splice(0)
      try {
        await markSent(batch)
        sent.push(...batch)
      } catch (error) {
        failure = error
      }
    }
  }
  return {
    add(mail: SentMail) {
      pending.push(mail)
      writing ??= write().finally(() => {
        writing = null
      })
    },
    async done() {
      await writing
      await write()
      if (failure) throw failure
    },
  }
}
