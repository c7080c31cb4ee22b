import { parseArgs } from 'node:util'
import { campaignItemSchema } from '#shared/political-ads.ts'
import { COUNTRIES, type Country } from '#shared/site.ts'
import { argumentProblem } from './command-line'

/** What `npm run campaigns:import` was asked to do. */
export interface ImportArgs {
  file?: string
  country?: Country
  sample: boolean
  withdraw: string[]
  reinstate: string[]
  reason: string
}

export const USAGE = [
  'Usage: npm run campaigns:import -- FILE [--country NL|BE] [--sample]',
  '       npm run campaigns:import -- [FILE] --withdraw ID… --reason TEXT',
  '       npm run campaigns:import -- [FILE] --reinstate ID… --reason TEXT',
  'Several ids: --withdraw A B C, --withdraw A,B,C or --withdraw A --withdraw B; FILE comes before them.',
  'FILE is JSON (an array of notices, or our export) or CSV (a header line of notice columns, then rows).',
].join('\n')

const ID = new RegExp(campaignItemSchema.properties.id.pattern)

/**
 * The command's arguments, or why they cannot be read for sure: then nothing is done. The ids after
 * `--withdraw` or `--reinstate` run up to the next option, so a word there that is no notice id, or that
 * names a file as well (`--withdraw A notices`), is refused rather than guessed at; so is a second FILE and a
 * reason of several words without quotes (its other words would be taken for a FILE).
 */
export function parseImportArgs(
  argv: readonly string[],
  isFile: (path: string) => boolean,
): ImportArgs | { error: string } {
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(argv)
  } catch (error) {
    return { error: argumentProblem(error) }
  }
  const ids: Record<'withdraw' | 'reinstate', string[]> = { withdraw: [], reinstate: [] }
  let file: string | undefined
  /** The option the last arguments belong to: ids after --withdraw/--reinstate, a word after --reason. */
  let after: string | null = null
  for (const token of parsed.tokens) {
    if (token.kind === 'option-terminator') {
      after = null
      continue
    }
    if (token.kind === 'option') {
      after = token.name
      if ((token.name === 'withdraw' || token.name === 'reinstate') && token.value !== undefined) {
        for (const id of token.value.split(',').map((part) => part.trim()))
          if (id) {
            if (!ID.test(id)) return { error: `--${token.name}: "${id}" is not a notice id` }
            ids[token.name].push(id)
          }
      }
      continue
    }
    const word = token.value
    if (after === 'withdraw' || after === 'reinstate') {
      if (!ID.test(word))
        return { error: `"${word}" after --${after} is not a notice id (give FILE before --${after})` }
      if (isFile(word))
        return {
          error: `"${word}" after --${after} may be a notice id or a FILE: give FILE before --${after}, or the ids as --${after} ${word}`,
        }
      ids[after].push(word)
      continue
    }
    if (after === 'reason')
      return { error: `"${word}" after --reason: quote a reason of several words (--reason "…")` }
    if (file !== undefined) return { error: `one FILE at a time: "${file}" and "${word}"` }
    file = word
  }
  const { values } = parsed
  const country = values.country?.toUpperCase()
  if (country !== undefined && !(COUNTRIES as readonly string[]).includes(country))
    return { error: `--country must be NL or BE, not "${values.country}"` }
  const withdraw = [...new Set(ids.withdraw)]
  const reinstate = [...new Set(ids.reinstate)]
  const reason = values.reason?.trim() ?? ''
  if (withdraw.length > 0 && reinstate.length > 0)
    return { error: '--withdraw and --reinstate: one of the two at a time' }
  const stateChange = withdraw.length > 0 || reinstate.length > 0
  if (values.withdraw && withdraw.length === 0) return { error: '--withdraw: no notice id given' }
  if (values.reinstate && reinstate.length === 0) return { error: '--reinstate: no notice id given' }
  if (stateChange && !reason)
    return { error: `--${withdraw.length > 0 ? 'withdraw' : 'reinstate'} needs --reason TEXT` }
  if (!stateChange && values.reason !== undefined)
    return { error: '--reason goes with --withdraw or --reinstate' }
  if (!file && !stateChange) return { error: 'no FILE, and nothing to withdraw or reinstate' }
  return {
    ...(file ? { file } : {}),
    ...(country ? { country: country as Country } : {}),
    sample: values.sample ?? false,
    withdraw,
    reinstate,
    reason,
  }
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    tokens: true,
    options: {
      country: { type: 'string' },
      sample: { type: 'boolean' },
      withdraw: { type: 'string', multiple: true },
      reinstate: { type: 'string', multiple: true },
      reason: { type: 'string' },
    },
  })
}
