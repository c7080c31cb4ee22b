import { createHmac } from 'node:crypto'
import type { Webhook } from 'standardwebhooks'
import type { Config } from '../config'
import { deriveKey } from '../keys'

/** The key endpoint secrets are derived from: WEBHOOK_SIGNING_KEY, else a key file under data/. */
export function webhookKey(config: Pick<Config, 'webhookSigningKey'>, keyFile: string): Buffer {
  const secret = config.webhookSigningKey ? { value: config.webhookSigningKey } : null
  return deriveKey(secret, 'privacy-site webhook signing', keyFile)
}

/** An endpoint's Standard Webhooks secret (`whsec_…`), derived from the key and its id: nothing is stored. */
export function endpointSecret(key: Buffer, endpointId: string): string {
  return `whsec_${createHmac('sha256', key).update(endpointId).digest('base64')}`
}

/**
 * The Standard Webhooks headers of one attempt: the delivery's id (the same on every retry), the time of the
 * attempt in Unix seconds, and `v1,<HMAC-SHA256>` of `{id}.{timestamp}.{body}` with the endpoint secret.
 */
export function webhookHeaders(signer: Webhook, id: string, at: Date, payload: string) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signer.sign(id, at, payload),
  }
}
