/** What a JSON POST answered: its status and its parsed body (null when it had none, or no JSON). */
export interface PostAnswer {
  ok: boolean
  status: number
  body: unknown
}

/** POSTs `body` as JSON. Resolves with the answer, or null when the network failed. */
export async function postJson(url: string, body: unknown): Promise<PostAnswer | null> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { ok: response.ok, status: response.status, body: await response.json().catch(() => null) }
  } catch {
    return null
  }
}

/** The `error.code` of an API error answer (`{ "error": { "code", "message" } }`), if there is one. */
export function errorCode(answer: PostAnswer | null): string | undefined {
  return (answer?.body as { error?: { code?: string } } | null)?.error?.code
}
