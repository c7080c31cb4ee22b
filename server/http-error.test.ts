import express from 'express'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { HttpError, undeliverableAs } from './http-error'
import { createLogger } from './logger'
import { errorHandler } from './middleware/errors'
import { UndeliverableEmail, ValidationFailed } from './services/errors'

/** A router that lets a service's domain error through, as the API routers do. */
function appThrowing(error: Error, code?: 'INVALID_EMAIL' | 'EMAIL_INVALID') {
  const app = express()
  app.post('/api/thing', async () => {
    const failing = Promise.reject(error)
    await (code ? failing.catch(undeliverableAs(code)) : failing)
  })
  app.use(errorHandler(createLogger('silent')))
  return app
}

describe('domain errors as the API answers them', () => {
  it('answers ValidationFailed with 400 VALIDATION_FAILED and its fields', async () => {
    const res = await request(appThrowing(new ValidationFailed([{ field: 'email', rule: 'email' }]))).post(
      '/api/thing',
    )
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'The request has invalid fields',
        fields: [{ field: 'email', rule: 'email' }],
      },
    })
  })

  it.each(['INVALID_EMAIL', 'EMAIL_INVALID'] as const)(
    'answers UndeliverableEmail with 400 %s where the router names that code',
    async (code) => {
      const res = await request(appThrowing(new UndeliverableEmail(), code)).post('/api/thing')
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ error: { code, message: 'The e-mail address cannot receive mail' } })
    },
  )

  it('answers an UndeliverableEmail no router mapped as a 500, never with its message', async () => {
    const res = await request(appThrowing(new UndeliverableEmail())).post('/api/thing')
    expect(res.status).toBe(500)
    expect(res.body.error.code).toBe('INTERNAL_ERROR')
  })
})

describe('undeliverableAs', () => {
  it('passes any other error on unchanged', () => {
    const other = new Error('database down')
    expect(() => undeliverableAs('INVALID_EMAIL')(other)).toThrow(other)
    const http = new HttpError(404, 'NOT_FOUND', 'No such thing')
    expect(() => undeliverableAs('EMAIL_INVALID')(http)).toThrow(http)
  })
})
