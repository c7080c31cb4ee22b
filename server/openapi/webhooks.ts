import { WEBHOOK_EVENTS, type WebhookEvent } from '../db/webhook-repository'
import { component, jsonExamples } from './build'
import { webhookExamples, webhookHeaderExamples } from './examples'

const WEBHOOK_SUMMARIES: Record<WebhookEvent, string> = {
  'task.created': 'A new task for your system: an access, erasure or rectification request to answer',
  'suppression.created': 'New suppressions of your brands',
  'request.verified': 'A privacy request was confirmed by its requester (ids and reference only)',
}
/** The Standard Webhooks headers of a delivery, with examples signed as the worker signs. */
const webhookParameters = (
  example: Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string>,
) => [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: "The delivery's id, the same on each retry of it: de-duplicate on it",
    schema: { type: 'string', pattern: '^msg_[\\w-]+$' },
    example: example['webhook-id'],
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description:
      'When this attempt was signed, in Unix seconds; the libraries refuse one more than 5 minutes from your clock',
    schema: { type: 'string', pattern: '^\\d+$' },
    example: example['webhook-timestamp'],
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      '`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint secret (several, space-separated, during a secret change)',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/]+={0,2}(?: v1,[A-Za-z0-9+/]+={0,2})*$' },
    example: example['webhook-signature'],
  },
]

/** `suppression.created` → `SuppressionCreatedEvent`. */
export const webhookSchemaName = (event: WebhookEvent) =>
  `${event.replace(/(?:^|[.])(\w)/g, (_, letter: string) => letter.toUpperCase())}Event`

/** Issues 17 and 25: what the site sends to the brand systems' endpoints, one operation per event. */
export const webhooks = Object.fromEntries(
  WEBHOOK_EVENTS.map((event) => [
    event,
    {
      post: {
        operationId: webhookSchemaName(event).replace(/^\w/, (letter) => letter.toLowerCase()),
        // Sent to the brand system's endpoint with no credentials: the receiver checks the signature headers.
        security: [],
        summary: WEBHOOK_SUMMARIES[event],
        description:
          'Standard Webhooks: verify `webhook-id`, `webhook-timestamp` and `webhook-signature` with the endpoint secret (`whsec_…`), then de-duplicate on `webhook-id`.',
        parameters: webhookParameters(webhookHeaderExamples(event)),
        requestBody: {
          required: true,
          ...jsonExamples(component(webhookSchemaName(event)), webhookExamples[event]),
        },
        responses: {
          '200': {
            description: 'Any 2xx acknowledges; anything else is retried with back-off for 3 days',
          },
        },
      },
    },
  ]),
)
