import type { JSONSchemaType } from 'ajv'
import {
  type Address,
  FLOW_TYPES,
  type FlowType,
  type PostalName,
  SALUTATIONS,
  SUPPRESSION_CHANNELS,
  type SuppressionChannel,
} from '#shared/privacy-rights/request.ts'
import { COUNTRIES, type Country } from '#shared/site.ts'
import type { WebhookEvent } from '../db/webhook-repository'
import { addressSchema, type TaskCreated, taskCreatedSchema } from './task-shapes'

/**
 * Issue 17: what the brand systems receive, on the wire: the feed, lookup and applied answers and the
 * webhook bodies. Each schema is typed by the type the services build (ajv's JSONSchemaType), so the OpenAPI
 * document (server/openapi/document.ts) and the tests that check real answers against it cannot drift from
 * the code. ajv writes an optional property as `nullable`; the services leave it out, never send null.
 */

/** What a feed item looks like on the wire: contact data only for its own channel. */
export interface FeedEntry {
  id: string
  reference: string | null
  country: Country
  brandKey: string
  channel: SuppressionChannel
  email?: string
  phoneNumber?: string
  postalAddress?: Address
  postalName?: PostalName
  createdAt: string
}

const optionalText = { type: 'string', nullable: true } as const
// A property that is there but may be null must be typed on its own for ajv's JSONSchemaType.
const referenceSchema: JSONSchemaType<string | null> = {
  type: 'string',
  nullable: true,
  description: 'The privacy request it came from (`NL-261124-K7Q2M`)',
}
const cursor: JSONSchemaType<string | null> = { type: 'string', nullable: true, pattern: '^\\d+$' }
export const feedEntrySchema: JSONSchemaType<FeedEntry> = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'reference', 'country', 'brandKey', 'channel', 'createdAt'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    reference: referenceSchema,
    country: { type: 'string', enum: COUNTRIES },
    brandKey: { type: 'string' },
    channel: { type: 'string', enum: SUPPRESSION_CHANNELS },
    email: { ...optionalText, description: 'Only on EMAIL, for clients allowed contact data' },
    phoneNumber: {
      ...optionalText,
      description: 'Only on PHONE (+31…, +32…), for clients allowed contact data',
    },
    postalAddress: {
      ...addressSchema,
      nullable: true,
      description: 'Only on POSTAL, for clients allowed contact data',
    },
    postalName: {
      type: 'object',
      nullable: true,
      description:
        'Only on POSTAL, for clients allowed contact data: who objected at that address, as the form required (a suppression recorded before this field may lack it)',
      additionalProperties: false,
      required: [],
      properties: {
        salutation: { type: 'string', enum: SALUTATIONS, nullable: true },
        firstName: optionalText,
        lastName: optionalText,
      },
    },
    createdAt: { type: 'string', format: 'date-time' },
  },
}

export interface FeedPage {
  items: FeedEntry[]
  /** Continue with `after=next`; null: the walk is done for now. */
  next: string | null
}
export const feedPageSchema: JSONSchemaType<FeedPage> = {
  type: 'object',
  additionalProperties: false,
  required: ['items', 'next'],
  properties: {
    items: { type: 'array', items: feedEntrySchema },
    next: cursor,
  },
}

export interface LookupAnswer {
  suppressed: boolean
  channels: SuppressionChannel[]
  brandKeys: string[]
}
export const lookupAnswerSchema: JSONSchemaType<LookupAnswer> = {
  type: 'object',
  additionalProperties: false,
  required: ['suppressed', 'channels', 'brandKeys'],
  properties: {
    suppressed: { type: 'boolean' },
    channels: { type: 'array', items: { type: 'string', enum: SUPPRESSION_CHANNELS } },
    brandKeys: { type: 'array', items: { type: 'string' } },
  },
}

export interface AppliedAnswer {
  id: string
  /** When this client first confirmed it. */
  appliedAt: string
}
export const appliedAnswerSchema: JSONSchemaType<AppliedAnswer> = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'appliedAt'],
  properties: { id: { type: 'string', format: 'uuid' }, appliedAt: { type: 'string', format: 'date-time' } },
}

/** `suppression.created`: the new suppressions of a request that the client may see. */
export interface SuppressionCreated {
  requestId: string
  reference: string | null
  suppressions: FeedEntry[]
}
/** `request.verified`: a requester confirmed their e-mail address. Ids and the reference, never contact data. */
export interface RequestVerified {
  requestId: string
  reference: string | null
  flowType: FlowType
  verifiedAt: string
}
export interface WebhookData {
  'suppression.created': SuppressionCreated
  'request.verified': RequestVerified
  'task.created': TaskCreated
}
/** The body of a delivery, as signed. */
export interface WebhookPayload<E extends WebhookEvent> {
  type: E
  timestamp: string
  data: WebhookData[E]
}

const envelope = <E extends WebhookEvent>(type: E, data: JSONSchemaType<WebhookData[E]>) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['type', 'timestamp', 'data'],
    properties: {
      type: { type: 'string', const: type },
      timestamp: { type: 'string', format: 'date-time' },
      data,
    },
  }) as JSONSchemaType<WebhookPayload<E>>

const suppressionCreatedSchema: JSONSchemaType<SuppressionCreated> = {
  type: 'object',
  additionalProperties: false,
  required: ['requestId', 'reference', 'suppressions'],
  properties: {
    requestId: { type: 'string', format: 'uuid' },
    reference: referenceSchema,
    suppressions: { type: 'array', minItems: 1, items: feedEntrySchema },
  },
}
const requestVerifiedSchema: JSONSchemaType<RequestVerified> = {
  type: 'object',
  additionalProperties: false,
  required: ['requestId', 'reference', 'flowType', 'verifiedAt'],
  properties: {
    requestId: { type: 'string', format: 'uuid' },
    reference: referenceSchema,
    flowType: { type: 'string', enum: FLOW_TYPES },
    verifiedAt: { type: 'string', format: 'date-time' },
  },
}

/** The bodies' schemas, typed by what server/services/webhooks.ts builds; the OpenAPI `webhooks` too. */
export const webhookPayloadSchemas: { [E in WebhookEvent]: JSONSchemaType<WebhookPayload<E>> } = {
  'suppression.created': envelope('suppression.created', suppressionCreatedSchema),
  'request.verified': envelope('request.verified', requestVerifiedSchema),
  'task.created': envelope('task.created', taskCreatedSchema),
}
