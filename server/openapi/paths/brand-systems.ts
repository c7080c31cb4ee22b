import { TASK_FILE_TYPES, taskResultSchema } from '#shared/privacy-rights/tasks.ts'
import { feedQuerySchema } from '../../api/feed-query'
import { lookupSchema } from '../../api/fulfilment'
import { fileQuerySchema } from '../../api/tasks'
import {
  client,
  clientErrors,
  clientOk,
  component,
  error,
  json,
  jsonExamples,
  ok,
  type PathItems,
  param,
  queryParameters,
} from '../build'
import { appliedExample, errorExamples, feedExamples, lookupExample, taskExamples } from '../examples'

/** Issues 17 and 25: what the brand systems call with their secret: the suppression feed and their tasks. */
export const brandSystemPaths: PathItems = {
  '/api/v1/suppressions': {
    get: {
      operationId: 'listSuppressions',
      ...client,
      summary: 'The suppressions of your country and brands, oldest first',
      description:
        'A full page has `next`: pass it as `after`. A shorter page ends the walk for now (`next` null); later, pass the last `next` or the `id` of the last item you have as `after`.',
      parameters: queryParameters(feedQuerySchema),
      responses: {
        '200': clientOk({ description: 'A page', ...jsonExamples(component('FeedPage'), feedExamples) }),
        ...clientErrors(400, 401, 429, 503),
      },
    },
  },
  '/api/v1/suppressions/lookup': {
    post: {
      operationId: 'lookUpSuppression',
      ...client,
      summary: 'Is this e-mail address or phone number suppressed?',
      requestBody: { required: true, ...json(lookupSchema, { phoneNumber: '0470 12 34 56' }) },
      responses: {
        '200': clientOk(
          ok('The channels and brand keys suppressed', component('LookupAnswer'), lookupExample),
        ),
        ...clientErrors(400, 401, 413, 415, 429, 503),
      },
    },
  },
  '/api/v1/suppressions/{id}/applied': {
    post: {
      operationId: 'confirmSuppressionApplied',
      ...client,
      summary: 'Confirm that your system applied a suppression (idempotent)',
      parameters: [param('id', { type: 'string', format: 'uuid' }, true, 'path')],
      responses: {
        '200': clientOk(ok('When it was first confirmed', component('AppliedAnswer'), appliedExample)),
        ...clientErrors(401, 404, 429, 503),
      },
    },
  },
  '/api/v1/tasks': {
    get: {
      operationId: 'listTasks',
      ...client,
      summary: 'Your tasks: access, erasure and rectification requests to answer, oldest first',
      description:
        "Issue 25. A verified access, erasure or rectification request of your country becomes one task for your system (when an operator turned tasks on for it). The cursor works as the suppression feed's: a full page has `next`; a shorter one ends the walk for now; later pass the last `next` or the `id` of the last task you have as `after`. `subject` (who the request is about) and, for rectification, `correction` come only to clients allowed contact data. Answer by `answerBy` (10 days): later, your contact address and the privacy team hear of it.",
      parameters: queryParameters(feedQuerySchema),
      responses: {
        '200': clientOk({
          description: 'A page',
          ...jsonExamples(component('TaskPage'), taskExamples.page),
        }),
        ...clientErrors(400, 401, 429, 503),
      },
    },
  },
  '/api/v1/tasks/{id}/result': {
    post: {
      operationId: 'answerTask',
      ...client,
      summary: "Your system's answer to a task: final once given",
      description:
        'Access: `found` (upload the files first), `not_found` or `refused`. Erasure: `erased`, `not_found` or `refused`. Rectification: `rectified`, `not_found` or `refused`. `refusalGround` goes with `refused` only. `note` is shown to the privacy team and, for access, to the requester in their package: write it for them. The same answer again answers the task as it stands (a retry is safe); another answer is 409 `TASK_ANSWERED`; a task whose request the privacy team closed is 409 `TASK_CLOSED`.',
      parameters: [param('id', { type: 'string', format: 'uuid' }, true, 'path')],
      requestBody: {
        required: true,
        ...json(taskResultSchema, { outcome: 'found', note: 'Abonnement HLN+ sinds 2019.' }),
      },
      responses: {
        '200': clientOk(ok('The task with your answer', component('Task'), taskExamples.answered)),
        '409': error(
          'Answered already with another answer (`TASK_ANSWERED`), or closed (`TASK_CLOSED`)',
          errorExamples.TaskAnswered,
        ),
        ...clientErrors(400, 401, 404, 413, 415, 429, 503),
      },
    },
  },
  '/api/v1/tasks/{id}/files': {
    post: {
      operationId: 'uploadTaskFile',
      ...client,
      summary: "An access task's file of the person's data (before answering `found`)",
      description:
        'The body is the file itself, as `application/json`, `text/csv`, `application/pdf` or `application/zip`, at most 25 MB a file and 100 MB for all files of a request (413 names the limit). Name it with `?name=` or `Content-Disposition: attachment; filename="…"`. Send `Content-Digest: sha-256=:…:` (RFC 9530) to have it checked. A file is kept whole or not at all: one that is not of its type, or is cut off (a PDF without `%%EOF`, a ZIP without its directory, JSON that does not close), is 400 `FILE_REFUSED`. It is stored encrypted and reaches the requester in their access package.',
      parameters: [
        param('id', { type: 'string', format: 'uuid' }, true, 'path'),
        ...queryParameters(fileQuerySchema),
      ],
      requestBody: {
        required: true,
        content: Object.fromEntries(
          TASK_FILE_TYPES.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
        ),
      },
      responses: {
        '201': clientOk(ok('The file as stored', component('TaskFile'), taskExamples.file)),
        '409': error(
          'The task was answered already (`TASK_ANSWERED`), or closed (`TASK_CLOSED`)',
          errorExamples.TaskAnswered,
        ),
        '413': error(
          'Too large (`PAYLOAD_TOO_LARGE`): the message names the limit',
          errorExamples.FileTooLarge,
        ),
        ...clientErrors(400, 401, 404, 415, 429, 503),
      },
    },
  },
}
