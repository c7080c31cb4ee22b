import { withoutPassword } from '../logger'
import { isDatabaseUnavailable } from './unavailable'

/**
 * One line for an operator when the database cannot be reached at start-up or by a command: where it is
 * (host, port and database, or the SQLite file; never the password) and why. Null when the error is not
 * about reaching the database (a bug has its stack printed instead).
 */
export function databaseFailureLine(url: string, error: unknown): string | null {
  const cause = reachingCause(error, url.startsWith('file:') ? FILE_REFUSALS : CONNECT_REFUSALS)
  if (!cause) return null
  return `Database unreachable: ${whereIs(url)}: ${describe(cause)}`
}

/** The error, or an error it was caused by (a failed migration wraps its cause), about reaching the database. */
function reachingCause(error: unknown, refusals: RegExp, depth = 0): Error | null {
  if (!(error instanceof Error) || depth > 5) return null
  if (isDatabaseUnavailable(error) || refusals.test(String((error as { code?: unknown }).code))) return error
  return reachingCause(error.cause, refusals, depth + 1)
}

/** PostgreSQL's refusals of a connection: 28xxx a wrong user or password, 3D000 no such database. */
const CONNECT_REFUSALS = /^(28[0-9A-Z]{3}|3D000)$/
/** A SQLite file, or its folder, that cannot be made or opened. */
const FILE_REFUSALS = /^(SQLITE_CANTOPEN.*|SQLITE_NOTADB|EACCES|EEXIST|ENOTDIR|ENOENT|EPERM|EROFS|EISDIR)$/

function whereIs(url: string): string {
  if (url.startsWith('file:')) return `SQLite file ${url.slice('file:'.length)}`
  try {
    const parsed = new URL(url)
    const database = decodeURIComponent(parsed.pathname.slice(1)) || decodeURIComponent(parsed.username)
    return `PostgreSQL at ${parsed.hostname || 'localhost'}:${parsed.port || '5432'}, database "${database}"`
  } catch {
    return withoutPassword(url)
  }
}

function describe(error: Error): string {
  const code = (error as { code?: unknown }).code
  // Node reports a refused connection to every address of a host as an AggregateError without a message.
  const message =
    error.message ||
    (error instanceof AggregateError
      ? error.errors
          .map((inner: unknown) => (inner instanceof Error ? inner.message : String(inner)))
          .join('; ')
      : '')
  const text = message || String(code ?? error.name)
  return typeof code === 'string' && !text.includes(code) ? `${text} (${code})` : text
}
