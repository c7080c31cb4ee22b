import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { send } from './bench-http.ts'
import { mirrorable, NGINX, nginxConfig, nginxInstalled } from './bench-nginx.ts'
import { freePort } from './bench-processes.ts'

const stops: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop()
})

describe('the nginx the full bench measures against', () => {
  it('writes a config of one worker whose paths all lie under its own prefix', () => {
    const config = nginxConfig({ prefix: '/tmp/p', port: 8081, answers: [], runAsRoot: false })
    expect(config).toContain('worker_processes 1;')
    expect(config).toContain('listen 127.0.0.1:8081;')
    expect(config).not.toContain('user ')
    for (const path of config.matchAll(/(?:pid|error_log|_temp_path) "([^"]+)"/g))
      expect(path[1]).toMatch(/^\/tmp\/p\//)
    expect(nginxConfig({ prefix: '/tmp/p', port: 1, answers: [], runAsRoot: true })).toMatch(/^user root;/)
    const answer = {
      host: 'a',
      uri: '/x?q="y"\\',
      file: '/tmp/p/0.body',
      contentType: 'text/plain',
      contentEncoding: null,
    }
    expect(nginxConfig({ prefix: '/tmp/p', port: 1, answers: [answer], runAsRoot: false })).toContain(
      '"a/x?q=\\"y\\"\\\\" 0;',
    )
  })

  it('mirrors only a GET with the same bytes each time', () => {
    const target = { name: 't', path: '/nl', headers: {} }
    expect(mirrorable(target)).toBe(true)
    expect(mirrorable({ ...target, method: 'POST' })).toBe(false)
    expect(mirrorable({ ...target, next: () => ({}) })).toBe(false)
    expect(mirrorable({ ...target, next: () => ({}), variants: ['/a', '/b'] })).toBe(true)
  })

  it.skipIf(!nginxInstalled())(
    "sends each answer's bytes, type and encoding for its host and URI only",
    async () => {
      const prefix = mkdtempSync(join(tmpdir(), 'bench-nginx-'))
      const body = Buffer.from([0x1b, 0x00, 0xff, 0x22, 0x24])
      writeFileSync(join(prefix, '0.body'), body)
      writeFileSync(join(prefix, '1.body'), '{"total":0}')
      const port = await freePort()
      const answers = [
        {
          host: 'a.test',
          uri: '/nl',
          file: join(prefix, '0.body'),
          contentType: 'text/html; charset=utf-8',
          contentEncoding: 'br',
        },
        {
          host: 'a.test',
          uri: '/api/search?q=a%20%22b%22',
          file: join(prefix, '1.body'),
          contentType: 'application/json',
          contentEncoding: null,
        },
      ]
      const config = join(prefix, 'nginx.conf')
      writeFileSync(config, nginxConfig({ prefix, port, answers, runAsRoot: process.getuid?.() === 0 }))
      // A process group of its own, stopped whole: a worker left behind would hold the test runner open.
      const child = spawn(NGINX, ['-p', prefix, '-c', config, '-e', join(prefix, 'error.log')], {
        detached: true,
        stdio: 'ignore',
      })
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      stops.push(async () => {
        if (child.exitCode === null && child.signalCode === null) process.kill(-(child.pid ?? 0), 'SIGKILL')
        await exited
      })
      const base = `http://127.0.0.1:${port}`
      let page = await send(base, '/nl', { host: 'a.test' }).catch(() => null)
      for (let i = 0; !page && i < 200; i++) {
        await new Promise((r) => setTimeout(r, 50))
        page = await send(base, '/nl', { host: 'a.test' }).catch(() => null)
      }
      expect(page?.status).toBe(200)
      expect(page?.body.equals(body)).toBe(true)
      expect(page?.headers).toMatchObject({
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'br',
      })
      const api = await send(base, '/api/search?q=a%20%22b%22', { host: 'a.test' })
      expect([api.status, api.body.toString(), api.headers['content-encoding']]).toEqual([
        200,
        '{"total":0}',
        undefined,
      ])
      expect((await send(base, '/nl', { host: 'b.test' })).status).toBe(404)
      expect((await send(base, '/nl/about', { host: 'a.test' })).status).toBe(404)
    },
  )
})
