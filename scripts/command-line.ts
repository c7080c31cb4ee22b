import { type ParseArgsOptionsConfig, parseArgs } from 'node:util'
import { startupFailure } from '#server/startup-failure.ts'

/**
 * What every operator command does with its command line and with a failure to start (issue 26): `--help`
 * prints the usage (exit 0); an unknown flag or a bad value prints one line naming it, then the usage
 * (exit 2); a wrong variable or a database out of reach prints one line (exit 1).
 */

/** A command line the command cannot follow: its message names the flag or value at fault. */
export class UsageError extends Error {}

/** `--help` or `-h` before any `--`: the operator asks for the usage, whatever else the line holds. */
export function asksForHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--')
  return (end === -1 ? argv : argv.slice(0, end)).some((arg) => arg === '--help' || arg === '-h')
}

/** node:util's parseArgs, strict, with its complaint as one line naming the argument (a UsageError). */
export function readArgs<T extends ParseArgsOptionsConfig>(
  argv: readonly string[],
  options: T,
  allowPositionals = true,
) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals, strict: true })
  } catch (error) {
    throw new UsageError(argumentProblem(error))
  }
}

/** parseArgs says what is wrong in its first sentence, then how positionals work: the first is enough. */
export function argumentProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.split(/\.\s+(?=[A-Z])/)[0]?.replace(/\.$/, '') ?? message
}

/**
 * Runs a command: prints the usage for `--help`; then `work`, whose UsageError prints its one line and the
 * usage (exit 2), and whose failure to reach the database or to read the configuration prints one line
 * (exit 1). `databaseUrl` says where the database was, once the configuration is read.
 */
export async function runCommand(
  usage: string,
  argv: readonly string[],
  work: (where: { databaseUrl?: string }) => Promise<void>,
): Promise<void> {
  if (asksForHelp(argv)) {
    console.log(usage)
    return
  }
  const where: { databaseUrl?: string } = {}
  try {
    await work(where)
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${usage}`)
      process.exitCode = 2
    } else {
      console.error(startupFailure(error, where.databaseUrl))
      process.exitCode = 1
    }
  }
}
