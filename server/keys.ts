import { hkdfSync, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * A 32-byte key every instance derives alike: from a configured secret when there is one, else a random key
 * kept in a file under data/ (one machine, local runs). `info` keeps keys for different purposes apart.
 */
export function deriveKey(
  secret: { value: string; salt?: string } | null,
  info: string,
  keyFile: string,
): Buffer {
  if (secret) return Buffer.from(hkdfSync('sha256', secret.value, secret.salt ?? '', info, 32))
  try {
    return Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64url')
  } catch {
    mkdirSync(dirname(keyFile), { recursive: true, mode: 0o700 })
    try {
      writeFileSync(keyFile, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 })
    } catch {
      // Another worker wrote it first: read theirs.
    }
    return Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64url')
  }
}
