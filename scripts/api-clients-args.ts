import { readArgs, UsageError } from './command-line'

/** What `npm run api-clients` was asked to do (the command's help is in scripts/api-clients.ts). */
export const USAGE = `Usage: npm run api-clients -- add --name NAME --country NL|BE [--brands KEY,KEY] [--ids-only]
                                  [--tasks on|off] [--contact ADDRESS]
       npm run api-clients -- list
       npm run api-clients -- revoke --name NAME
       npm run api-clients -- rotate --name NAME
       npm run api-clients -- webhook --name NAME --url URL --events suppression.created,request.verified
       npm run api-clients -- webhook --name NAME --url URL --disable
       npm run api-clients -- deliveries --failed
       npm run api-clients -- tasks --name NAME [--tasks on|off] [--contact ADDRESS]
       npm run api-clients -- unsubscribe-key --name NAME`

const OPTIONS = {
  name: { type: 'string' },
  country: { type: 'string' },
  brands: { type: 'string' },
  'ids-only': { type: 'boolean' },
  url: { type: 'string' },
  events: { type: 'string' },
  disable: { type: 'boolean' },
  failed: { type: 'boolean' },
  tasks: { type: 'string' },
  contact: { type: 'string' },
} as const
type Option = keyof typeof OPTIONS

export type CommandLine = ReturnType<typeof commandLine>

/** Each command, the options it takes, and those it cannot do without. */
const COMMANDS: Record<string, { takes: Option[]; needs: Option[] }> = {
  add: { takes: ['name', 'country', 'brands', 'ids-only', 'tasks', 'contact'], needs: ['name', 'country'] },
  list: { takes: [], needs: [] },
  revoke: { takes: ['name'], needs: ['name'] },
  rotate: { takes: ['name'], needs: ['name'] },
  webhook: { takes: ['name', 'url', 'events', 'disable'], needs: ['name', 'url'] },
  deliveries: { takes: ['failed'], needs: ['failed'] },
  tasks: { takes: ['name', 'tasks', 'contact'], needs: ['name'] },
  'unsubscribe-key': { takes: ['name'], needs: ['name'] },
}

/** The command and its options as given, or a UsageError naming the first thing wrong with them. */
export function commandLine(argv: readonly string[]) {
  const { values, positionals } = readArgs(argv, OPTIONS)
  const [command, extra] = positionals
  if (command === undefined) throw new UsageError('No command given')
  const rules = COMMANDS[command]
  if (!rules) throw new UsageError(`Unknown command "${command}"`)
  if (extra !== undefined) throw new UsageError(`Unexpected argument "${extra}" after ${command}`)
  const given = (Object.keys(values) as Option[]).filter((option) => values[option] !== undefined)
  const stray = given.find((option) => !rules.takes.includes(option))
  if (stray) throw new UsageError(`--${stray} does not go with ${command}`)
  const missing = rules.needs.find((option) => !given.includes(option))
  if (missing) throw new UsageError(`${command} needs --${missing}`)
  const name = values.name?.trim() ?? ''
  if (values.name !== undefined && !name) throw new UsageError('--name must not be empty')
  const country = values.country?.trim().toUpperCase()
  if (values.country !== undefined && country !== 'NL' && country !== 'BE')
    throw new UsageError(`--country must be NL or BE, not "${values.country}"`)
  if (values.tasks !== undefined && values.tasks !== 'on' && values.tasks !== 'off')
    throw new UsageError(`--tasks must be on or off, not "${values.tasks}"`)
  if (command === 'tasks' && values.tasks === undefined && values.contact === undefined)
    throw new UsageError('tasks needs --tasks on|off or --contact')
  if (command === 'webhook' && !values.disable && !values.events)
    throw new UsageError('webhook needs --events (or --disable)')
  if (command === 'webhook' && values.disable && values.events)
    throw new UsageError('webhook takes --events or --disable, not both')
  return { command, values, name, country: country as 'NL' | 'BE' | undefined }
}
