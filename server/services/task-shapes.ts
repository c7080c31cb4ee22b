import type { JSONSchemaType } from 'ajv'
import type { Address } from '#shared/privacy-rights/request.ts'
import {
  TASK_FILE_TYPES,
  TASK_OUTCOMES,
  TASK_REFUSAL_GROUNDS,
  type TaskFileType,
  type TaskOutcome,
  type TaskRefusalGround,
  type TaskRight,
} from '#shared/privacy-rights/tasks.ts'
import { COUNTRIES, type Country } from '#shared/site.ts'

/**
 * Issue 25: what brand systems receive of their tasks, on the wire: the task feed, a task, an uploaded file
 * and the `task.created` webhook's data. Each schema is typed by the type the service builds (as in
 * fulfilment-shapes.ts), so the OpenAPI document and the tests that check real answers cannot drift.
 */

/** Who the request is about, as far as the client may see contact data (as for suppressions). */
export interface TaskSubject {
  email?: string
  phoneNumber?: string
  firstName?: string
  lastName?: string
  postalAddress?: Address
}

/** What a rectification asks to correct: the requester's own words, and the brand they named. */
export interface TaskCorrection {
  message?: string
  brandName?: string
}

export interface TaskFileEntry {
  id: string
  name: string
  contentType: TaskFileType
  size: number
  /** Hex SHA-256 of the file as received. */
  sha256: string
  createdAt: string
}

export interface TaskEntry {
  id: string
  reference: string
  right: TaskRight
  country: Country
  language: 'nl' | 'fr'
  /** The brands the client answers for: its brand keys, or every key of its country. */
  brandKeys: string[]
  createdAt: string
  /** Answer by then: later, the client's contact and the privacy team hear of it. */
  answerBy: string
  /** `closed`: the privacy team closed the request before this client answered; nothing more is needed. */
  status: 'waiting' | 'answered' | 'closed'
  outcome?: TaskOutcome
  refusalGround?: TaskRefusalGround
  note?: string
  answeredAt?: string
  /** Access: the files this client uploaded for the task. */
  files: TaskFileEntry[]
  /** Only for clients allowed contact data, while the request keeps it. */
  subject?: TaskSubject
  /** Rectification only, for clients allowed contact data. */
  correction?: TaskCorrection
}

export interface TaskPage {
  items: TaskEntry[]
  next: string | null
}

/** `task.created`: a task for the receiving client; the same as the feed shows it. */
export interface TaskCreated {
  requestId: string
  reference: string
  task: TaskEntry
}

const optionalText = { type: 'string', nullable: true } as const

/** A postal address as the feeds carry it (spec §3 `userInfo.address`). */
export const addressSchema: JSONSchemaType<Address> = {
  type: 'object',
  additionalProperties: false,
  required: [],
  properties: {
    postalCode: optionalText,
    city: optionalText,
    street: optionalText,
    houseNumber: optionalText,
    houseNumberExtension: optionalText,
    country: { type: 'string', enum: COUNTRIES, nullable: true },
  },
}
const dateTime = { type: 'string', format: 'date-time' } as const

export const taskFileSchema: JSONSchemaType<TaskFileEntry> = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'contentType', 'size', 'sha256', 'createdAt'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    contentType: { type: 'string', enum: TASK_FILE_TYPES },
    size: { type: 'integer', minimum: 1 },
    sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    createdAt: dateTime,
  },
}

export const taskEntrySchema: JSONSchemaType<TaskEntry> = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'reference',
    'right',
    'country',
    'language',
    'brandKeys',
    'createdAt',
    'answerBy',
    'status',
    'files',
  ],
  properties: {
    id: { type: 'string', format: 'uuid' },
    reference: { type: 'string', description: 'The privacy request (`BE-261124-K7Q2M`)' },
    right: { type: 'string', enum: ['access', 'erasure', 'rectification'] },
    country: { type: 'string', enum: COUNTRIES },
    language: { type: 'string', enum: ['nl', 'fr'], description: "The requester's language" },
    brandKeys: { type: 'array', items: { type: 'string' } },
    createdAt: dateTime,
    answerBy: dateTime,
    status: { type: 'string', enum: ['waiting', 'answered', 'closed'] },
    outcome: { type: 'string', enum: TASK_OUTCOMES, nullable: true },
    refusalGround: { type: 'string', enum: TASK_REFUSAL_GROUNDS, nullable: true },
    note: optionalText,
    answeredAt: { ...dateTime, nullable: true },
    files: { type: 'array', items: taskFileSchema },
    subject: {
      type: 'object',
      nullable: true,
      description: 'Who the request is about; only for clients allowed contact data',
      additionalProperties: false,
      required: [],
      properties: {
        email: optionalText,
        phoneNumber: optionalText,
        firstName: optionalText,
        lastName: optionalText,
        postalAddress: { ...addressSchema, nullable: true },
      },
    },
    correction: {
      type: 'object',
      nullable: true,
      description: 'Rectification: what the requester asks to correct; only for clients allowed contact data',
      additionalProperties: false,
      required: [],
      properties: { message: optionalText, brandName: optionalText },
    },
  },
}

const cursor: JSONSchemaType<string | null> = { type: 'string', nullable: true, pattern: '^\\d+$' }
export const taskPageSchema: JSONSchemaType<TaskPage> = {
  type: 'object',
  additionalProperties: false,
  required: ['items', 'next'],
  properties: {
    items: { type: 'array', items: taskEntrySchema },
    next: cursor,
  },
}

export const taskCreatedSchema: JSONSchemaType<TaskCreated> = {
  type: 'object',
  additionalProperties: false,
  required: ['requestId', 'reference', 'task'],
  properties: {
    requestId: { type: 'string', format: 'uuid' },
    reference: { type: 'string' },
    task: taskEntrySchema,
  },
}
