import { Webhook } from 'standardwebhooks'
import { tooManyForClient, unauthenticated } from '../api/fulfilment'
import { noticeGone } from '../api/political-ads'
import { BRANDS } from '../brands'
import type { StoredFile } from '../db/file-repository'
import type { TaskRow } from '../db/task-repository'
import type { HttpError } from '../http-error'
import { errorBody, serviceUnavailable, toHttpError } from '../middleware/errors'
import { crossSiteRefused, notJson } from '../middleware/post-guards'
import { unknownHost } from '../middleware/site'
import { feedEntry, lookupAnswer } from '../services/api-client-fulfilment'
import { fileEntry, taskEntry } from '../services/brand-tasks'
import {
  FileTooLarge,
  IdempotencyKeyReused,
  InvalidTransition,
  NotFound,
  TaskAnswered,
  ValidationFailed,
} from '../services/errors'
import type { AppliedAnswer, FeedPage, WebhookPayload } from '../services/fulfilment-shapes'
import { requestVerified, suppressionCreated, webhookHeaders } from '../services/webhooks'

/**
 * Issue 17: the OpenAPI document's examples, made by the code that makes the real answers (the feed's and
 * the webhooks' builders, the error handler's body) from one sample objection, so they cannot drift from it.
 */

const request = {
  id: '3f0c8f52-5d7e-4f43-9a8e-0d7b2c61a1e4',
  reference: 'BE-261102-K7Q2M',
  flowType: 'OBJECTION' as const,
}
const at = '2026-11-02T09:14:03.000Z'
const address = {
  street: 'Veldstraat',
  houseNumber: '12',
  postalCode: '9000',
  city: 'Gent',
  country: 'BE' as const,
}
/** The sample objection's suppressions, as stored: one per channel, for HLN. */
const stored = [
  { channel: 'EMAIL' as const, email: 'lezer@example.be', phoneNumber: null, postalAddress: null },
  { channel: 'PHONE' as const, email: null, phoneNumber: '+32470123456', postalAddress: null },
  {
    channel: 'POSTAL' as const,
    email: null,
    phoneNumber: null,
    postalAddress: address,
    // The name the postal channel requires: which resident objected (issue 27).
    postalName: { firstName: 'An', lastName: 'Peeters' },
  },
].map((contact, index) => ({
  id: `8d7e41c0-2b7a-4c1e-9f3a-5e6d7c8b9a0${index + 1}`,
  country: 'BE' as const,
  brandKey: 'HLN',
  createdAt: at,
  ...contact,
}))

const full: { id: string; brands: null; contactData: boolean } = {
  id: '5b1d6c2e-8f0a-4c3d-9e7b-1a2b3c4d5e6f',
  brands: null,
  contactData: true,
}
const idsOnly = { ...full, contactData: false }
const page = (contactData: boolean): FeedPage => ({
  items: stored.map((row) => feedEntry({ ...row, reference: request.reference }, contactData)),
  next: '1042',
})

export const feedExamples = {
  full: { summary: 'A page of `limit=3`; continue with `after=1042`', value: page(true) },
  idsOnly: { summary: 'The same page for a client registered with `--ids-only`', value: page(false) },
  end: {
    summary: 'Nothing new yet: ask again later with the same `after`',
    value: { items: [], next: null },
  },
}

export const lookupExample = lookupAnswer([
  { channel: 'PHONE', brandKey: 'HLN' },
  { channel: 'PHONE', brandKey: 'HUMO' },
])

export const appliedExample: AppliedAnswer = {
  id: stored[1]?.id ?? '',
  appliedAt: '2026-11-03T07:30:00.000Z',
}

const created = (client: typeof full): WebhookPayload<'suppression.created'> => {
  const data = suppressionCreated(request, stored, client)
  if (!data) throw new Error('The sample client sees the sample suppressions')
  return { type: 'suppression.created', timestamp: at, data }
}
const verified: WebhookPayload<'request.verified'> = {
  type: 'request.verified',
  timestamp: at,
  data: requestVerified(request, at),
}

/** A sample endpoint secret: the header examples are signed as the worker signs a delivery. */
const SAMPLE_SECRET = `whsec_${Buffer.from('sample endpoint secret, not real!').toString('base64')}`

/** Each event's Standard Webhooks headers, for the body of its first example. */
export const webhookHeaderExamples = (event: keyof typeof webhookExamples) => {
  const [example] = Object.values(webhookExamples[event])
  return webhookHeaders(
    new Webhook(SAMPLE_SECRET),
    'msg_2x9Qv7Lk3Nw8Rb5Tc1Hd0A',
    new Date(at),
    JSON.stringify(example?.value),
  )
}

/** Issue 25: the sample task, an access request of a Belgian reader, for a client of HLN and HUMO. */
const hln = { id: full.id, brands: ['HLN', 'HLN_DIGITAL', 'HUMO', 'HUMO_DIGITAL'], contactData: true }
const taskRow: TaskRow = {
  id: '0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
  seq: 87,
  requestId: request.id,
  createdAt: at,
  answeredAt: null,
  outcome: null,
  refusalGround: null,
  note: null,
  reference: request.reference,
  flowType: 'RIGHT_OF_ACCESS',
  requestStatus: 'open',
  country: 'BE',
  language: 'fr',
  dueAt: '2026-12-02T09:14:03.000Z',
  email: 'lezer@example.be',
  phoneNumber: null,
  userInfo: { firstName: 'Sam', lastName: 'Peeters', address },
  userMessage: null,
  brandName: null,
}
const sampleFile: StoredFile = {
  id: '7c6b5a49-3827-4160-9f5e-4d3c2b1a0f9e',
  taskId: taskRow.id,
  requestId: request.id,
  name: 'hln-abonnement.csv',
  contentType: 'text/csv',
  size: 18342,
  chunks: 1,
  sha256: '9b74c9897bac770ffc029102a200c5de1f3c4e2b3a4d5c6e7f8091a2b3c4d5e6',
  createdAt: '2026-11-05T10:02:11.000Z',
  completedAt: '2026-11-05T10:02:11.000Z',
}
const waitingTask = taskEntry(taskRow, hln, BRANDS, [])
const answeredTask = taskEntry(
  {
    ...taskRow,
    outcome: 'found',
    answeredAt: '2026-11-05T10:03:40.000Z',
    note: 'Abonnement HLN+ sinds 2019.',
  },
  hln,
  BRANDS,
  [sampleFile],
)

export const taskExamples = {
  page: {
    full: {
      summary: 'A page of `limit=1`; continue with `after=87`',
      value: { items: [waitingTask], next: '87' },
    },
    idsOnly: {
      summary: 'The same page for a client registered with `--ids-only`',
      value: { items: [taskEntry(taskRow, { ...hln, contactData: false }, BRANDS, [])], next: '87' },
    },
    end: {
      summary: 'Nothing new yet: ask again later with the same `after`',
      value: { items: [], next: null },
    },
  },
  answered: answeredTask,
  file: fileEntry(sampleFile),
}

export const webhookExamples = {
  'suppression.created': {
    full: { summary: 'To a client allowed contact data', value: created(full) },
    idsOnly: { summary: 'To a client registered with `--ids-only`', value: created(idsOnly) },
  },
  'request.verified': {
    verified: { summary: 'The requester confirmed the e-mail address', value: verified },
  },
  'task.created': {
    access: {
      summary: 'An access request for the brands of this client',
      value: {
        type: 'task.created',
        timestamp: at,
        data: { requestId: request.id, reference: request.reference, task: waitingTask },
      } satisfies WebhookPayload<'task.created'>,
    },
  },
}

const body = (error: HttpError | null) => {
  if (!error) throw new Error('Not an error the API answers')
  return errorBody(error)
}

/** One example per shared error response, from the errors the code throws. */
export const errorExamples = {
  E400: body(toHttpError(new ValidationFailed([{ field: 'limit', rule: 'pattern' }]))),
  E401: body(unauthenticated()),
  E403: body(crossSiteRefused()),
  E404: body(toHttpError(new NotFound('Suppression'))),
  E409: body(toHttpError(new InvalidTransition('A completed request cannot be extended'))),
  TaskAnswered: body(toHttpError(new TaskAnswered())),
  FileTooLarge: body(toHttpError(new FileTooLarge('file'))),
  E410: body(noticeGone()),
  E413: body(toHttpError({ status: 413, type: 'entity.too.large' })),
  E415: body(notJson()),
  E421: body(unknownHost()),
  E422: body(toHttpError(new IdempotencyKeyReused())),
  E429: body(tooManyForClient()),
  E503: body(serviceUnavailable()),
}
