/**
 * Issue 30 item 4: an access request with a package of files, made as its people make it, over HTTP on the
 * bench's server: the requester submits and confirms through the mailed link, the brand system uploads its
 * files for the task and answers, the privacy team completes, and the requester unlocks the package with the
 * mailed code. Only the brand system's client is seeded (bench-fixtures.ts), as an operator adds it.
 */
import { randomBytes } from 'node:crypto'
import { request } from 'node:http'
import { NL } from './bench-context.ts'
import { type MailSink, send, staffCookie } from './bench-http.ts'

const JSON_TYPE = { 'content-type': 'application/json' }
const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' }

/** What the download needs: the package's address and the unlocked browser's cookie. */
export interface Package {
  path: string
  headers: Record<string, string>
}

/** A verified access request of NL; answers its reference once the task exists. */
export async function verifiedAccess(base: string, sink: MailSink): Promise<string> {
  const email = `package-${process.pid}-${Date.now()}@example.nl`
  const body = JSON.stringify({ flowType: 'RIGHT_OF_ACCESS', country: 'NL', language: 'nl', email })
  const submitted = await send(
    base,
    '/api/privacy-rights/request',
    { host: NL, ...JSON_TYPE },
    { method: 'POST', body },
  )
  if (submitted.status !== 200) throw new Error(`submit answered ${submitted.status}`)
  const { reference } = JSON.parse(submitted.body.toString()) as { reference: string }
  const [, token] = await sink.match(/\/nl\/verify-email\?token=([\w-]+)/)
  const form = `token=${token}`
  const verified = await send(
    base,
    '/nl/verify-email',
    { host: NL, ...FORM_TYPE },
    { method: 'POST', body: form },
  )
  if (verified.status !== 303) throw new Error(`the verification answered ${verified.status}`)
  return reference
}

/** The brand system's task of this request. */
export async function taskOf(base: string, secret: string, reference: string): Promise<string> {
  const answer = await send(base, '/api/v1/tasks?limit=1000', { host: NL, authorization: `Bearer ${secret}` })
  const { items } = JSON.parse(answer.body.toString()) as { items: { id: string; reference: string }[] }
  const task = items.find((item) => item.reference === reference)
  if (!task) throw new Error(`no task for ${reference} (answered ${answer.status})`)
  return task.id
}

/**
 * One PDF of `bytes` uploaded as it is made (a random block repeated, never whole in the bench's memory),
 * with the request body's backpressure; answers the status.
 */
export function uploadPdf(base: string, secret: string, taskId: string, name: string, bytes: number) {
  const head = Buffer.from('%PDF-1.4\n')
  const tail = Buffer.from('\n%%EOF\n')
  const block = randomBytes(256 * 1024)
  return new Promise<number>((resolveStatus, reject) => {
    const upload = request(
      `${base}/api/v1/tasks/${taskId}/files?name=${encodeURIComponent(name)}`,
      {
        method: 'POST',
        headers: {
          host: NL,
          authorization: `Bearer ${secret}`,
          'content-type': 'application/pdf',
          'content-length': String(bytes),
        },
        timeout: 300_000,
      },
      (response) => {
        response.resume()
        response.on('end', () => resolveStatus(response.statusCode ?? 0))
      },
    ).on('error', reject)
    const write = async () => {
      upload.write(head)
      let left = bytes - head.length - tail.length
      while (left > 0) {
        const piece = block.subarray(0, Math.min(block.length, left))
        left -= piece.length
        if (!upload.write(piece)) await new Promise((drained) => upload.once('drain', drained))
      }
      upload.end(tail)
    }
    write().catch(reject)
  })
}

/**
 * The task answered `found`, the request completed by the privacy team, and the package unlocked with the
 * mailed code: its address and the cookie.
 */
export async function completedPackage(
  base: string,
  sink: MailSink,
  answer: { secret: string; taskId: string; reference: string },
): Promise<Package> {
  const { secret, taskId, reference } = answer
  const found = JSON.stringify({ outcome: 'found' })
  const result = await send(
    base,
    `/api/v1/tasks/${taskId}/result`,
    { host: NL, authorization: `Bearer ${secret}`, ...JSON_TYPE },
    { method: 'POST', body: found },
  )
  if (result.status !== 200) throw new Error(`the task's result answered ${result.status}`)
  const cookie = await staffCookie(base, 'privacy-team')
  const message = JSON.stringify({ message: 'Je gegevens staan in het pakket.' })
  const completed = await send(
    base,
    `/api/internal-privacy-rights/requests/${reference}/complete`,
    { host: 'nl.localhost', cookie, ...JSON_TYPE },
    { method: 'POST', body: message },
  )
  if (completed.status !== 200) throw new Error(`complete answered ${completed.status}: ${completed.body}`)
  const [, token = ''] = await sink.match(/privacy-rights\/status\?token=([\w-]+)/, /^Antwoord/)
  const form = `token=${token}`
  const status = '/nl/privacy-rights/status'
  await send(base, `${status}/code`, { host: NL, ...FORM_TYPE }, { method: 'POST', body: form })
  const [, code] = await sink.match(/^(\d{6})$/m)
  const unlock = `${form}&code=${code}`
  const unlocked = await send(
    base,
    `${status}/unlock`,
    { host: NL, ...FORM_TYPE },
    { method: 'POST', body: unlock },
  )
  const setCookie = unlocked.headers['set-cookie']
  const unlockCookie = (Array.isArray(setCookie) ? setCookie[0] : '')?.split(';')[0] ?? ''
  if (unlocked.status !== 303 || !unlockCookie) throw new Error(`the unlock answered ${unlocked.status}`)
  return { path: `${status}/package?token=${token}`, headers: { host: NL, cookie: unlockCookie } }
}
