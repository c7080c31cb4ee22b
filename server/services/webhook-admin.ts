import { findClientByName } from '../db/api-client-repository'
import type { Db } from '../db/database'
import { failedDeliveries } from '../db/webhook-delivery-repository'
import {
  cancelUnwantedDeliveries,
  disableEndpoints,
  insertEndpoint,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from '../db/webhook-repository'
import { NotFound, ValidationFailed } from './errors'
import { endpointSecret } from './webhook-signing'
import { checkWebhookUrl, type WebhookAddressPolicy } from './webhook-urls'

/**
 * Operators' commands: register an endpoint (answers its signing secret), disable one, list failed
 * deliveries.
 */
export function webhookAdmin(
  db: Db,
  key: Buffer,
  addresses: WebhookAddressPolicy,
  clock: () => Date = () => new Date(),
) {
  return {
    async register(clientName: string, url: string, events: string[]) {
      const client = await findClientByName(db.db, clientName)
      if (!client || client.revokedAt) throw new NotFound(`Live client "${clientName}"`)
      // Issue 27: https, to public addresses only (server/services/webhook-urls.ts).
      const checked = await checkWebhookUrl(url, addresses)
      if (!checked.ok) throw new ValidationFailed([{ field: 'url', rule: checked.rule }])
      const unknown = events.filter((event) => !(WEBHOOK_EVENTS as readonly string[]).includes(event))
      if (events.length === 0 || unknown.length > 0)
        throw new ValidationFailed([{ field: 'events', rule: 'enum' }])
      const id = crypto.randomUUID()
      await insertEndpoint(
        db.db,
        { id, clientId: client.id, url, events: events as WebhookEvent[] },
        clock().toISOString(),
      )
      return { id, secret: endpointSecret(key, id) }
    },
    /**
     * No more deliveries to the client's endpoint at this URL, including those still waiting (their bodies
     * are erased). Answers how many waiting deliveries were cancelled.
     */
    async disable(clientName: string, url: string) {
      const client = await findClientByName(db.db, clientName)
      if (!client) throw new NotFound(`Client "${clientName}"`)
      const now = clock().toISOString()
      return db.db.transaction().execute(async (trx) => {
        const disabled = await disableEndpoints(trx, client.id, url, now)
        if (disabled.length === 0) throw new NotFound(`Live endpoint ${url} of "${clientName}"`)
        return cancelUnwantedDeliveries(trx, now)
      })
    },
    failed: () => failedDeliveries(db.db),
  }
}
