import type { JSONSchemaType } from 'ajv'
import type { Request, Response, Router } from 'express'
import {
  MAX_FILE_BYTES,
  TASK_FILE_TYPES,
  type TaskFileType,
  type TaskResultBody,
  taskResultSchema,
} from '#shared/privacy-rights/tasks.ts'
import type { ApiClient } from '../db/api-client-repository'
import { HttpError } from '../http-error'
import { jsonBody } from '../middleware/post-guards'
import type { BrandTaskService } from '../services/brand-tasks'
import { FileTooLarge, ValidationFailed } from '../services/errors'
import { ajv, fieldErrors } from '../validation'
import { type FeedQuery, feedQuerySchema } from './feed-query'

export interface FileQuery {
  name?: string
}
/** A file's name as the requester will see it in the package: no path, no control characters. */
export const fileQuerySchema: JSONSchemaType<FileQuery> = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 120,
      pattern: '^[^/\\\\\\u0000-\\u001f\\u007f]+$',
      nullable: true,
    },
  },
}

const validateFeedQuery = ajv.compile<FeedQuery>(feedQuerySchema)
const validateResult = ajv.compile<TaskResultBody>(taskResultSchema)
const validateFileQuery = ajv.compile<FileQuery>(fileQuerySchema)

const TASK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

function taskId(req: Request): string {
  const id = String(req.params.id)
  if (!TASK_ID.test(id)) throw new HttpError(404, 'NOT_FOUND', 'Task not found')
  return id
}

/** The name a file is kept under: `?name=`, else the Content-Disposition filename, else one from its type. */
function fileName(req: Request, type: TaskFileType): string {
  const query: unknown = req.query
  if (!validateFileQuery(query)) throw new ValidationFailed(fieldErrors(validateFileQuery))
  const disposition = /filename="?([^";]+)"?/i.exec(req.get('content-disposition') ?? '')?.[1]
  const raw = (query.name ?? disposition ?? '').split(/[/\\]/).at(-1)?.trim() ?? ''
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (raw && raw.length <= 120 && !/[\u0000-\u001f\u007f]/.test(raw)) return raw
  return `data.${{ 'application/json': 'json', 'text/csv': 'csv', 'application/pdf': 'pdf', 'application/zip': 'zip' }[type]}`
}

/** `Content-Digest: sha-256=:…:` (RFC 9530), as hex; undefined when none is sent, 400 when it is malformed. */
function declaredDigest(req: Request): string | undefined {
  const header = req.get('content-digest')
  if (!header) return undefined
  const match = /(?:^|,)\s*sha-256=:([A-Za-z0-9+/]{43}=):/.exec(header)
  if (!match?.[1]) throw new ValidationFailed([{ field: 'Content-Digest', rule: 'sha-256=:base64:' }])
  return Buffer.from(match[1], 'base64').toString('hex')
}

/**
 * Issue 25: a brand system's tasks, behind the same authentication, rate limit and call count as its
 * suppressions (server/api/fulfilment.ts). Uploads are read as they arrive, never buffered whole: a file
 * larger than its limit is refused by its Content-Length before a byte is read, or as soon as it passes it.
 */
export function taskRoutes(
  router: Router,
  tasks: BrandTaskService,
  clientOf: (res: Response) => ApiClient,
  answered: (res: Response, items: number) => void,
) {
  router.get('/v1/tasks', async (req, res) => {
    const query: unknown = req.query
    if (!validateFeedQuery(query)) throw new ValidationFailed(fieldErrors(validateFeedQuery))
    const page = await tasks.feed(clientOf(res), query.after, query.limit ? Number(query.limit) : 100)
    answered(res, page.items.length)
    res.json(page)
  })

  router.post('/v1/tasks/:id/result', ...jsonBody('8kb'), async (req, res) => {
    const id = taskId(req)
    const body: unknown = req.body
    if (!validateResult(body)) throw new ValidationFailed(fieldErrors(validateResult))
    const task = await tasks.answer(clientOf(res), id, body)
    answered(res, 1)
    res.json(task)
  })

  router.post('/v1/tasks/:id/files', async (req, res) => {
    const id = taskId(req)
    const type = (req.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
    if (!(TASK_FILE_TYPES as readonly string[]).includes(type))
      throw new HttpError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        `Send the file as ${TASK_FILE_TYPES.join(', ')} (Content-Type)`,
      )
    const contentType = type as TaskFileType
    const length = Number(req.get('content-length') ?? Number.NaN)
    // Refused before a byte is read; the connection closes, so the client stops sending.
    if (length > MAX_FILE_BYTES) {
      res.set('Connection', 'close')
      throw new FileTooLarge('file')
    }
    const name = fileName(req, contentType)
    const digest = declaredDigest(req)
    try {
      const file = await tasks.upload(clientOf(res), id, {
        name,
        contentType,
        source: req,
        declaredDigest: digest,
      })
      answered(res, 1)
      res.status(201).json(file)
    } catch (error) {
      // The connection ended before the body did: nothing was kept (the answer reaches a client that only
      // half-closed).
      if (req.readableAborted || (error as { code?: string }).code === 'ECONNRESET')
        throw new HttpError(400, 'UPLOAD_INCOMPLETE', 'The upload ended before all of the file arrived')
      // What the client still sends is not read: close the connection after the answer.
      if (!req.readableEnded) res.set('Connection', 'close')
      throw error
    }
  })
}
