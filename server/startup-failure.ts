import { inspect } from 'node:util'
import { ConfigError } from './config'
import { databaseFailureLine } from './db/failure'

/**
 * What the server and the operator commands print when they cannot start: one line for a wrong variable
 * (naming it) or a database out of reach (where and why, never the password); the whole error, stack and
 * all, for anything else: that one is a bug.
 */
export function startupFailure(error: unknown, databaseUrl: string | undefined): string {
  if (error instanceof ConfigError) return `Configuration error: ${error.message}`
  const database = databaseUrl ? databaseFailureLine(databaseUrl, error) : null
  return database ?? inspect(error)
}
