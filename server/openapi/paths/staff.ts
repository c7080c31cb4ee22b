import { closeComplaintSchema, complaintQuerySchema } from '#shared/political-ads.ts'
import { deskQuerySchema } from '#shared/privacy-rights/desk.ts'
import { completeSchema, extendSchema, noteSchema, rejectSchema } from '#shared/privacy-rights/desk-bodies.ts'
import { staffObjectionSchema } from '#shared/privacy-rights/staff-schema.ts'
import { TASK_FILE_TYPES } from '#shared/privacy-rights/tasks.ts'
import {
  component,
  errors,
  idempotencyKey,
  json,
  ok,
  type PathItems,
  param,
  queryParameters,
  staff,
} from '../build'

/** `keyed`: a note, written once per Idempotency-Key (issue 30), and a 422 for a key used before. */
const deskAction = (
  operationId: string,
  summary: string,
  schema: unknown,
  example: unknown,
  keyed = false,
) => ({
  post: {
    operationId,
    ...staff,
    summary,
    parameters: [
      param('reference', { type: 'string' }, true, 'path'),
      ...(keyed ? [{ ...idempotencyKey, description: NOTE_KEY }] : []),
    ],
    requestBody: { required: true, ...json(schema, example) },
    responses: {
      '200': ok('The request after the action'),
      ...(keyed ? errors(400, 401, 403, 404, 409, 422, 429) : errors(400, 401, 403, 404, 409, 429)),
    },
  },
})

const NOTE_KEY =
  'A key of your own, the same for the same note however often it is sent (a retry after a network error or a 502): the note is written once and each later sending answers as the first; with another text it is a 422'

/**
 * The staff desk's API (tagged `Staff`: described on the staff hosts only, see audience.ts): objections taken
 * by phone, the audit trail, the figures, the privacy requests' and the complaints' queues and actions.
 */
export const staffPaths: PathItems = {
  '/api/internal-privacy-rights/direct-marketing': {
    post: {
      operationId: 'recordObjection',
      ...staff,
      summary: "Record a customer's objection",
      requestBody: { required: true, ...json(staffObjectionSchema) },
      responses: { '201': ok('Recorded'), ...errors(400, 401, 403, 429) },
    },
  },
  '/api/internal-privacy-rights/audit': {
    get: {
      operationId: 'listOwnAuditEntries',
      ...staff,
      summary: "One's own recent audit entries",
      responses: { '200': ok('Entries'), ...errors(401) },
    },
  },
  '/api/internal-privacy-rights/figures.json': {
    get: {
      operationId: 'getDeskFigures',
      ...staff,
      summary: 'The figures per month with exact counts, for each country the staff member may see',
      responses: { '200': ok('The figures', component('DeskFigures')), ...errors(401, 403) },
    },
  },
  '/api/internal-privacy-rights/requests': {
    get: {
      operationId: 'listDeskRequests',
      ...staff,
      summary: "The privacy desk's queue",
      parameters: queryParameters(deskQuerySchema),
      responses: { '200': ok('`{ items, total }`'), ...errors(400, 401, 403) },
    },
  },
  '/api/internal-privacy-rights/requests.csv': {
    get: {
      operationId: 'exportDeskRequestsCsv',
      ...staff,
      summary: 'The filtered queue as CSV (semicolons, UTF-8 with BOM)',
      parameters: queryParameters(deskQuerySchema),
      responses: { '200': { description: 'CSV', content: { 'text/csv': {} } }, ...errors(400, 401, 403) },
    },
  },
  '/api/internal-privacy-rights/requests/{reference}': {
    get: {
      operationId: 'getDeskRequest',
      ...staff,
      summary: 'One request with its timeline',
      parameters: [param('reference', { type: 'string' }, true, 'path')],
      responses: { '200': ok('The request'), ...errors(401, 403, 404) },
    },
  },
  '/api/internal-privacy-rights/requests/{reference}/extend': deskAction(
    'extendDeskRequest',
    'Extend by two months',
    extendSchema,
    {
      reason: 'Your data is held by several brands.',
    },
  ),
  '/api/internal-privacy-rights/requests/{reference}/complete': deskAction(
    'completeDeskRequest',
    'Complete with a reply',
    completeSchema,
    {
      message: 'Attached is an overview of your data.',
    },
  ),
  '/api/internal-privacy-rights/requests/{reference}/reject': deskAction(
    'rejectDeskRequest',
    'Reject with a reason',
    rejectSchema,
    {
      reason: 'IDENTITY',
      message: 'We could not establish your identity.',
    },
  ),
  '/api/internal-privacy-rights/requests/{reference}/notes': deskAction(
    'addDeskRequestNote',
    'Add an internal note',
    noteSchema,
    {
      text: 'Called the requester.',
    },
    true,
  ),
  '/api/internal-privacy-rights/complaints': {
    get: {
      operationId: 'listComplaints',
      ...staff,
      summary: 'Complaints about political ads, open ones first by due date, 25 a page',
      parameters: queryParameters(complaintQuerySchema),
      responses: { '200': ok('`{ items, total }`'), ...errors(400, 401, 403) },
    },
  },
  '/api/internal-privacy-rights/complaints/{reference}': {
    get: {
      operationId: 'getComplaint',
      ...staff,
      summary: 'One complaint with its timeline',
      parameters: [param('reference', { type: 'string' }, true, 'path')],
      responses: { '200': ok('The complaint'), ...errors(401, 403, 404) },
    },
  },
  '/api/internal-privacy-rights/complaints/{reference}/review': deskAction(
    'reviewComplaint',
    'Take a complaint under review',
    { type: 'object', additionalProperties: false },
    {},
  ),
  '/api/internal-privacy-rights/complaints/{reference}/close': deskAction(
    'closeComplaint',
    'Close a complaint with an outcome mailed to the complainant',
    closeComplaintSchema,
    { outcome: 'notice_corrected', message: 'The notice now names the payer.' },
  ),
  '/api/internal-privacy-rights/complaints/{reference}/notes': deskAction(
    'addComplaintNote',
    'Add an internal note',
    noteSchema,
    {
      text: 'Asked the sales team for the invoice.',
    },
    true,
  ),
  '/api/internal-privacy-rights/requests/{reference}/files/{fileId}': {
    get: {
      operationId: 'getDeskRequestFile',
      ...staff,
      summary: "A brand system's file of an access answer, as it was uploaded (the audit trail records it)",
      parameters: [
        param('reference', { type: 'string' }, true, 'path'),
        param('fileId', { type: 'string', format: 'uuid' }, true, 'path'),
      ],
      responses: {
        '200': {
          description: 'The file',
          content: Object.fromEntries(TASK_FILE_TYPES.map((type) => [type, { schema: { type: 'string' } }])),
        },
        ...errors(401, 403, 404),
      },
    },
  },
}
