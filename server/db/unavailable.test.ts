import SQLite from 'better-sqlite3'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './unavailable'

/** What node's net module throws: an Error with a system error code. */
const system = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code })

/** What pg throws for an error answer of the server: a DatabaseError carrying the SQLSTATE. */
const postgres = (sqlstate: string, message: string) =>
  Object.assign(new pg.DatabaseError(message, 0, 'error'), { code: sqlstate })

/** What better-sqlite3 throws: a SqliteError carrying the extended result code. */
const sqlite = (code: string) => new SQLite.SqliteError('sqlite said no', code)

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection (ECONNREFUSED)', system('ECONNREFUSED'), true],
    ['a reset connection (ECONNRESET)', system('ECONNRESET'), true],
    ['a connect timeout (ETIMEDOUT)', system('ETIMEDOUT'), true],
    ['a host that does not resolve (ENOTFOUND)', system('ENOTFOUND'), true],
    ['pg statement_timeout (57014)', postgres('57014', 'canceling statement due to statement timeout'), true],
    [
      'pg admin_shutdown (57P01)',
      postgres('57P01', 'terminating connection due to administrator command'),
      true,
    ],
    ['pg connection_failure (08006)', postgres('08006', 'connection failure'), true],
    ['pg too_many_connections (53300)', postgres('53300', 'sorry, too many clients already'), true],
    ['pg disk_full (53100)', postgres('53100', 'could not extend file'), true],
    ['pg io_error (58030)', postgres('58030', 'could not read block'), true],
    ['SQLite busy (SQLITE_BUSY)', sqlite('SQLITE_BUSY'), true],
    ['SQLite busy snapshot (SQLITE_BUSY_SNAPSHOT)', sqlite('SQLITE_BUSY_SNAPSHOT'), true],
    ['SQLite locked (SQLITE_LOCKED)', sqlite('SQLITE_LOCKED'), true],
    ['SQLite disk I/O error (SQLITE_IOERR_WRITE)', sqlite('SQLITE_IOERR_WRITE'), true],
    ['SQLite disk full (SQLITE_FULL)', sqlite('SQLITE_FULL'), true],
    ['pg-pool: no connection in time', new Error('timeout exceeded when trying to connect'), true],
    ['pg: no answer in time (Query read timeout)', new Error('Query read timeout'), true],
    ['pg: the connection went away', new Error('Connection terminated unexpectedly'), true],
    ['Kysely after the instance closed it', new Error('driver has already been destroyed'), true],
    [
      'pg-pool after the instance closed it',
      new Error('Cannot use a pool after calling end on the pool'),
      true,
    ],
    [
      'better-sqlite3 after the instance closed it',
      new TypeError('The database connection is not open'),
      true,
    ],
    [
      'an AggregateError of ECONNREFUSED (every address of the host refused)',
      new AggregateError([system('ECONNREFUSED'), system('ECONNREFUSED')], ''),
      true,
    ],
  ])('calls %s an outage', (_name, error, expected) => {
    expect(isDatabaseUnavailable(error)).toBe(expected)
  })

  it.each([
    // A unique violation is a bug in our code or a race it must handle, not an outage: retrying will not help.
    [
      'pg unique_violation (23505)',
      postgres('23505', 'duplicate key value violates unique constraint'),
      false,
    ],
    ['pg foreign_key_violation (23503)', postgres('23503', 'violates foreign key constraint'), false],
    ['pg syntax_error (42601)', postgres('42601', 'syntax error at or near "selec"'), false],
    ['pg undefined_table (42P01)', postgres('42P01', 'relation "mail_outbox" does not exist'), false],
    ['SQLite unique constraint (SQLITE_CONSTRAINT_UNIQUE)', sqlite('SQLITE_CONSTRAINT_UNIQUE'), false],
    ['SQLite error in a query (SQLITE_ERROR)', sqlite('SQLITE_ERROR'), false],
    ['a TypeError in our code', new TypeError("Cannot read properties of undefined (reading 'id')"), false],
    ['an AggregateError of bugs', new AggregateError([new TypeError('x'), new RangeError('y')], ''), false],
    ['an Error with a numeric code', Object.assign(new Error('x'), { code: 57014 }), false],
    ['a thrown string that names an outage', 'ECONNREFUSED', false],
    ['null', null, false],
    ['undefined', undefined, false],
  ])('does not call %s an outage', (_name, error, expected) => {
    expect(isDatabaseUnavailable(error)).toBe(expected)
  })
})
