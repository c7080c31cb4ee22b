import { readdirSync, readFileSync, statSync } from 'node:fs'
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_DIST } from '#server/assets.ts'
import { testSetup } from '../support/app'

/**
 * Issue 19 item 1: the built assets are compressed once by `npm run build` (scripts/precompress.ts) and the
 * production asset handler serves the variant a client accepts. Raw HTTP (node:http), because a client
 * library would decompress what is under test.
 */

const HOST = 'privacy.dpgmedia.nl'
let server: Server
let setup: Awaited<ReturnType<typeof testSetup>>
let entry: string

interface Raw {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  const { port } = server.address() as AddressInfo
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path, headers: { host: HOST, ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
      .on('error', reject)
      .end()
  })
}

beforeAll(async () => {
  setup = await testSetup()
  server = setup.app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  // The largest script of the build (React, for the form pages): issue 19's "67 kB entry JS".
  entry = largestScript()
  expect(entry).not.toBe('')
})
/** The path of the build's largest JavaScript file under /assets. */
function largestScript(): string {
  const files = readdirSync(join(CLIENT_DIST, 'assets'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ path: `/assets/${file}`, size: statSync(join(CLIENT_DIST, 'assets', file)).size }))
  return files.sort((a, b) => b.size - a.size)[0]?.path ?? ''
}

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await setup.composition.close()
})

describe('built assets, compressed by the build', () => {
  it('wrote a brotli and a gzip variant beside the entry script, both smaller than the file', () => {
    const file = join(CLIENT_DIST, entry)
    const original = readFileSync(file)
    expect(brotliDecompressSync(readFileSync(`${file}.br`))).toEqual(original)
    expect(gunzipSync(readFileSync(`${file}.gz`))).toEqual(original)
    expect(statSync(`${file}.br`).size).toBeLessThan(statSync(`${file}.gz`).size)
    expect(statSync(`${file}.gz`).size).toBeLessThan(original.length)
  })

  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['br;q=0, gzip', 'gzip', gunzipSync],
    ['deflate', undefined, (body: Buffer) => body],
    ['identity', undefined, (body: Buffer) => body],
  ])(
    'answers Accept-Encoding %j with %s, the script, its type and its length',
    async (accept, encoding, decode) => {
      const res = await get(entry, { 'accept-encoding': accept })
      expect(res.status).toBe(200)
      expect(res.headers['content-encoding']).toBe(encoding)
      expect(res.headers.vary).toMatch(/Accept-Encoding/i)
      expect(res.headers['content-type']).toMatch(/^text\/javascript/)
      expect(Number(res.headers['content-length'])).toBe(res.body.length)
      expect(decode(res.body)).toEqual(readFileSync(join(CLIENT_DIST, entry)))
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    },
  )

  it('answers without Accept-Encoding with the file itself', async () => {
    const res = await get(entry)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toEqual(readFileSync(join(CLIENT_DIST, entry)))
  })

  it('gives each variant its own ETag, and 304 to a client that holds the variant it would get', async () => {
    const [br, gzip, identity] = await Promise.all(
      ['br', 'gzip', 'identity'].map((accept) => get(entry, { 'accept-encoding': accept })),
    )
    const tags = [br, gzip, identity].map((res) => res?.headers.etag)
    expect(new Set(tags).size).toBe(3)
    const again = await get(entry, { 'accept-encoding': 'br', 'if-none-match': String(br?.headers.etag) })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    // A cache that holds the brotli copy does not get a 304 for the gzip one.
    const other = await get(entry, { 'accept-encoding': 'gzip', 'if-none-match': String(br?.headers.etag) })
    expect(other.status).toBe(200)
    expect(other.headers['content-encoding']).toBe('gzip')
  })

  it('compresses the stylesheets and images too; files outside /assets are cached for an hour', async () => {
    const favicon = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' })
    expect(favicon.headers['content-encoding']).toBe('br')
    expect(favicon.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600')
    expect(brotliDecompressSync(favicon.body)).toEqual(readFileSync(join(CLIENT_DIST, 'favicon.svg')))
    const home = await get('/nl', { 'accept-encoding': 'identity' })
    const css = /href="(\/assets\/static\/[^"]+\.css)"/.exec(home.body.toString())?.[1] ?? ''
    const stylesheet = await get(css, { 'accept-encoding': 'gzip' })
    expect(stylesheet.headers['content-encoding']).toBe('gzip')
    expect(stylesheet.headers['content-type']).toMatch(/^text\/css/)
  })
})

describe('static files from memory (issue 30 item 1)', () => {
  it('answers a missing hashed asset with 404, not a page or a language redirect', async () => {
    const res = await get('/assets/static/gone-Abc123.js', { 'accept-encoding': 'br, gzip' })
    expect(res.status).toBe(404)
    expect(res.headers.location).toBeUndefined()
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('answers the favicon with the ETag of the file and 304 when the client holds it', async () => {
    const first = await get('/favicon.svg', { 'accept-encoding': 'gzip' })
    expect(first.status).toBe(200)
    const stat = statSync(join(CLIENT_DIST, 'favicon.svg.gz'))
    expect(first.headers.etag).toBe(`W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}-gzip"`)
    const again = await get('/favicon.svg', {
      'accept-encoding': 'gzip',
      'if-none-match': String(first.headers.etag),
    })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers['cache-control']).toBe('public, max-age=3600')
  })

  it('answers HEAD with the headers and no body', async () => {
    const { port } = server.address() as AddressInfo
    const res = await new Promise<Raw>((resolve, reject) => {
      httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: entry,
          method: 'HEAD',
          headers: { host: HOST, 'accept-encoding': 'br' },
        },
        (answer) => {
          answer.resume()
          answer.on('end', () =>
            resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.alloc(0) }),
          )
        },
      )
        .on('error', reject)
        .end()
    })
    expect(res.status).toBe(200)
    expect(Number(res.headers['content-length'])).toBe(statSync(join(CLIENT_DIST, `${entry}.br`)).size)
  })

  it('serves a public file as the build wrote it, with its own type', async () => {
    const res = await get('/favicon.svg', { 'accept-encoding': 'identity' })
    expect(res.body).toEqual(readFileSync(join(CLIENT_DIST, 'favicon.svg')))
    expect(res.headers['content-type']).toBe('image/svg+xml')
  })
})
