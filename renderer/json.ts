/**
 * The browser's one way to talk JSON with our API: every GET and POST a page makes goes through here, and
 * every answer has the same shape.
 */

/** What the API answered: its status and its parsed body (null when it had none, or no JSON). */
export interface JsonAnswer<T = unknown> {
  ok: boolean
  status: number
  body: T | null
}

/** GETs `url`. Resolves with the answer, or null when the network failed. */
export function getJson<T>(url: string): Promise<JsonAnswer<T> | null> {
  return request<T>(url, { method: 'GET' })
}

/**
 * POSTs `body` as JSON. Resolves with the answer, or null when the network failed. A form's submission
 * (`submission: true`) carries an `Idempotency-Key`, the same for the same body from this page however often
 * it is sent (a second click, a retry after a network error) until one sending is taken: the server stores it
 * once (issue 30).
 */
export async function postJson(
  url: string,
  body: unknown,
  options: { submission?: boolean } = {},
): Promise<JsonAnswer | null> {
  const json = JSON.stringify(body)
  const submission = `${url}\n${json}`
  const answer = await request(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(options.submission ? { 'Idempotency-Key': submissionKey(submission) } : {}),
    },
    body: json,
  })
  // Taken: the same body sent later from this page is a new submission (a desk's second note alike).
  if (answer?.ok) submissionKeys.delete(submission)
  return answer
}

const submissionKeys = new Map<string, string>()
function submissionKey(submission: string): string {
  let key = submissionKeys.get(submission)
  if (!key) {
    const bytes = crypto.getRandomValues(new Uint8Array(16))
    key = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
    submissionKeys.set(submission, key)
  }
  return key
}

async function request<T>(url: string, init: RequestInit): Promise<JsonAnswer<T> | null> {
  try {
    const response = await fetch(url, init)
    // Our own API's answer: its shape is the contract of the endpoint the caller names.
    const body = (await response.json().catch(() => null)) as T | null
    return { ok: response.ok, status: response.status, body }
  } catch {
    return null
  }
}

/** The `error.code` of an API error answer (`{ "error": { "code", "message" } }`), if there is one. */
export function errorCode(answer: JsonAnswer | null): string | undefined {
  return (answer?.body as { error?: { code?: string } } | null)?.error?.code
}

/** The fields a `400 VALIDATION_FAILED` answer names (`error.fields[].field`), if any. */
export function refusedFields(answer: JsonAnswer | null): string[] {
  const fields = (answer?.body as { error?: { fields?: { field?: unknown }[] } } | null)?.error?.fields
  return Array.isArray(fields) ? fields.map((entry) => String(entry.field)) : []
}
