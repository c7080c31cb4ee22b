import express from 'express'
import request from 'supertest'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HttpError } from '../http-error'
import { createLogger } from '../logger'
import { apiNotFound, errorHandler } from './errors'

const SECRET = 'connect ECONNREFUSED /srv/privacy/secret-path.ts:42'

/**
 * A tiny app with the real handler last in the chain, as createApp has it. Express reads NODE_ENV when the
 * app is made (its own handler shows the stack in development), so each mode gets an app of its own.
 */
function appIn(mode: 'production' | 'development') {
  vi.stubEnv('NODE_ENV', mode)
  const lines: string[] = []
  const logger = createLogger('info', { write: (line) => lines.push(line) })
  const app = express()
  expect(app.get('env')).toBe(mode)
  app.use(express.json({ limit: '1kb' }))
  const bug = async () => {
    throw new TypeError(SECRET)
  }
  app.get('/api/bug', bug)
  app.get('/nl/bug', bug)
  app.get('/api/string', () => {
    throw 'a thrown string'
  })
  app.get('/api/known', () => {
    throw new HttpError(409, 'ALREADY_CONFIRMED', 'This request was confirmed already')
  })
  app.get('/nl/known', () => {
    throw new HttpError(403, 'FORBIDDEN', 'Not for you')
  })
  app.get('/api/invalid', () => {
    throw new HttpError(400, 'VALIDATION_FAILED', 'The request is not valid', [
      { field: 'email', rule: 'email' },
    ])
  })
  app.get('/api/database-away', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
  })
  app.post('/api/echo', (req, res) => {
    res.json(req.body)
  })
  app.use('/api', apiNotFound)
  app.use(errorHandler(logger))
  return { app, lines }
}

afterEach(() => {
  vi.unstubAllEnvs()
})

describe.each(['production', 'development'] as const)('errorHandler in %s mode', (mode) => {
  it('answers an unknown error on /api with a generic 500 JSON body and no stack', async () => {
    const { app } = appIn(mode)
    const res = await request(app).get('/api/bug')
    expect(res.status).toBe(500)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.body).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'Internal Error' } })
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.text).not.toContain('secret-path')
    expect(res.text).not.toMatch(/TypeError|at .*\(/)
  })

  it('answers an unknown error elsewhere with the generic text and no stack', async () => {
    const { app } = appIn(mode)
    const res = await request(app).get('/nl/bug')
    expect(res.status).toBe(500)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    expect(res.text).toBe('Internal Error')
  })

  it('answers a thrown non-Error as a generic 500 too', async () => {
    const { app } = appIn(mode)
    const res = await request(app).get('/api/string')
    expect(res.status).toBe(500)
    expect(res.body).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'Internal Error' } })
  })

  it('logs the stack of an unknown error, with the path', async () => {
    const { app, lines } = appIn(mode)
    await request(app).get('/api/bug')
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(logged).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'unhandled error',
        path: '/api/bug',
        err: expect.objectContaining({ type: 'TypeError', stack: expect.stringContaining(SECRET) }),
      }),
    ])
  })

  it('keeps the status, code and message of a known HttpError', async () => {
    const { app, lines } = appIn(mode)
    const res = await request(app).get('/api/known')
    expect(res.status).toBe(409)
    expect(res.body).toEqual({
      error: { code: 'ALREADY_CONFIRMED', message: 'This request was confirmed already' },
    })
    const page = await request(app).get('/nl/known')
    expect(page.status).toBe(403)
    expect(page.text).toBe('Not for you')
    // A known error is an answer, not an incident.
    expect(lines).toEqual([])
  })

  it('sends the details of a known error as fields', async () => {
    const { app } = appIn(mode)
    const res = await request(app).get('/api/invalid')
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'The request is not valid',
        fields: [{ field: 'email', rule: 'email' }],
      },
    })
  })

  it('answers a database that is away with 503 and Retry-After, and warns', async () => {
    const { app, lines } = appIn(mode)
    const res = await request(app).get('/api/database-away')
    expect(res.status).toBe(503)
    expect(res.headers['retry-after']).toBe('30')
    expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE')
    expect(res.text).not.toContain('5432')
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['database unavailable'])
  })

  it.each([
    ['broken JSON', '{"a":', 400, 'MALFORMED_JSON'],
    ['a body over the limit', JSON.stringify({ a: 'x'.repeat(2000) }), 413, 'PAYLOAD_TOO_LARGE'],
  ])('maps %s from the body parser to %i %s', async (_name, body, status, code) => {
    const { app } = appIn(mode)
    const res = await request(app).post('/api/echo').set('Content-Type', 'application/json').send(body)
    expect(res.status).toBe(status)
    expect(res.body.error.code).toBe(code)
  })

  it('answers an unknown API path 404 NOT_FOUND', async () => {
    const { app } = appIn(mode)
    const res = await request(app).get('/api/nothing-here')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'No such endpoint' } })
  })
})
