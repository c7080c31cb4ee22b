/**
 * Is this error the database being away, slow or out of resources (rather than a bug in a query)? Such a
 * failure is answered 503 with Retry-After: the request may well succeed in a moment.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true
    // PostgreSQL SQLSTATE classes: 08 connection exception, 53 insufficient resources, 57 operator
    // intervention (57014: statement_timeout), 58 system error.
    if (/^(08|53|57|58)[0-9A-Z]{3}$/.test(code)) return true
    if (/^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY|NOMEM|PROTOCOL)/.test(code)) return true
  }
  if (POOL_MESSAGES.test(error.message)) return true
  // Node reports a refused connection to every address of a host as an AggregateError.
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
])

/**
 * What pg and pg-pool say when a connection cannot be had or a query gets no answer in time; and what Kysely,
 * pg-pool and better-sqlite3 say to a request that reaches the database after a shutting-down instance closed
 * it (a 503 sends the client to another instance; it is no bug of the request's).
 */
const POOL_MESSAGES =
  /timeout exceeded when trying to connect|Query read timeout|Connection terminated|Client has encountered a connection error|Connection ended|driver has already been destroyed|Cannot use a pool after calling end on the pool|The database connection is not open/i
