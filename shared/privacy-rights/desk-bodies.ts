import type { JSONSchemaType } from 'ajv'
import { MAX_NOTE_LENGTH, MAX_REPLY_LENGTH, REJECTION_REASONS, type RejectionReason } from './desk'

/** Issue 16: the bodies of the desk's actions on a request, and their schemas (the API and its description). */
export interface ExtendBody {
  reason: string
}
export interface CompleteBody {
  message: string
  /** Issue 25: why the request is completed while brand systems have not answered (else 409 TASKS_OPEN). */
  closeWithoutTasks?: string
}
export interface RejectBody {
  reason: RejectionReason
  message: string
}
export interface NoteBody {
  text: string
}

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max, pattern: '\\S' }) as const

export const extendSchema: JSONSchemaType<ExtendBody> = {
  type: 'object',
  additionalProperties: false,
  required: ['reason'],
  properties: { reason: text(MAX_REPLY_LENGTH) },
}
export const completeSchema: JSONSchemaType<CompleteBody> = {
  type: 'object',
  additionalProperties: false,
  required: ['message'],
  properties: {
    message: text(MAX_REPLY_LENGTH),
    closeWithoutTasks: { ...text(MAX_NOTE_LENGTH), nullable: true },
  },
}
export const rejectSchema: JSONSchemaType<RejectBody> = {
  type: 'object',
  additionalProperties: false,
  required: ['reason', 'message'],
  properties: {
    reason: { type: 'string', enum: [...REJECTION_REASONS] },
    message: text(MAX_REPLY_LENGTH),
  },
}
export const noteSchema: JSONSchemaType<NoteBody> = {
  type: 'object',
  additionalProperties: false,
  required: ['text'],
  properties: { text: text(MAX_NOTE_LENGTH) },
}
