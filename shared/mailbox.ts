/**
 * One mailbox, however it is written: case, spaces, and a `+tag` on the local part do not make another.
 * The abuse limiter counts mails per mailbox so; the brand systems' lookup matches suppressions so, both
 * ways (`name@example.be` finds `name+optout@example.be`, and the other way round).
 */
export function normaliseAddress(address: string): string {
  const trimmed = address.trim().toLowerCase()
  const at = trimmed.lastIndexOf('@')
  if (at < 0) return trimmed
  const local = trimmed.slice(0, at).replace(/\+.*$/, '')
  return `${local}@${trimmed.slice(at + 1)}`
}
