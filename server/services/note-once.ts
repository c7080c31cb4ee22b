import type { Db } from '../db/database'
import { writeOnce } from '../db/idempotency'
import { eventById, keyedNoteId, type Timeline } from '../db/timeline-repository'
import { IdempotencyKeyReused } from './errors'

/**
 * Issue 30: a desk note sent with an Idempotency-Key is written once, however often it is sent (a second
 * click, the browser's retry, or nginx passing the POST to the next replica because the one that had it died
 * before answering). The note's timeline entry gets an id derived from the key and the request or complaint,
 * so the second write fails on the primary key; that sending answers as the first (`answer`). The same key
 * with another text is a 422; on another item it is that item's own. Without a key, `write` as before.
 */
export async function noteOnce<T>(
  db: Db,
  timeline: Timeline,
  ownerId: string,
  text: string,
  key: string | undefined,
  write: (id: string | undefined) => Promise<T>,
  answer: () => Promise<T>,
): Promise<T> {
  if (key === undefined) return write(undefined)
  const id = keyedNoteId(timeline, ownerId, key)
  return writeOnce(
    key,
    () => write(id),
    async () => {
      const first = await eventById(db.db, timeline, id)
      if (first?.text !== text) throw new IdempotencyKeyReused()
      return answer()
    },
  )
}
