import { describe, expect, it } from 'vitest'
import { parseImportArgs } from './campaigns-import-args'

/** Files that exist where the command is typed. */
const FILES = new Set(['notices.json', 'notices'])
const parse = (line: string) => parseImportArgs(line.split(' ').filter(Boolean), (path) => FILES.has(path))
const REASON = ['--reason', 'De sponsor stopte']

describe('npm run campaigns:import arguments (issue 18)', () => {
  it.each([
    ['several ids after one --withdraw', ['--withdraw', 'A', 'B', 'C', ...REASON]],
    ['--withdraw repeated', ['--withdraw', 'A', '--withdraw', 'B', '--withdraw', 'C', ...REASON]],
    ['ids separated by commas', ['--withdraw', 'A,B', '--withdraw=C', ...REASON]],
    ['the reason before the ids', [...REASON, '--withdraw', 'A', 'B', 'C']],
  ])('reads %s', (_what, argv) => {
    expect(parseImportArgs(argv, () => false)).toEqual({
      sample: false,
      withdraw: ['A', 'B', 'C'],
      reinstate: [],
      reason: 'De sponsor stopte',
    })
  })

  it('reads a FILE before the ids, with its country, and reinstates several ids', () => {
    const argv = ['notices.json', '--country', 'be', '--reinstate', 'A', 'B', '--reason', 'Terug']
    expect(parseImportArgs(argv, () => false)).toEqual({
      file: 'notices.json',
      country: 'BE',
      sample: false,
      withdraw: [],
      reinstate: ['A', 'B'],
      reason: 'Terug',
    })
    expect(parse('--sample notices.json')).toMatchObject({ file: 'notices.json', sample: true })
  })

  it.each([
    [
      'a FILE after the ids',
      '--withdraw A notices.json --reason x',
      /"notices\.json" after --withdraw is not a notice id/,
    ],
    [
      'an id that names a file too',
      '--withdraw A notices --reason x',
      /"notices" after --withdraw may be a notice id or a FILE/,
    ],
    [
      'a reason of several words without quotes',
      '--withdraw A --reason De sponsor',
      /"sponsor" after --reason: quote a reason/,
    ],
    ['two FILEs', 'a.json b.json', /one FILE at a time/],
    ['withdraw and reinstate at once', '--withdraw A --reinstate B --reason x', /one of the two at a time/],
    ['ids without a reason', '--withdraw A B', /--withdraw needs --reason TEXT/],
    ['a reason without ids', 'notices.json --reason x', /--reason goes with --withdraw or --reinstate/],
    ['nothing to do', '--country NL', /no FILE, and nothing to withdraw or reinstate/],
    ['another country', 'notices.json --country DE', /--country must be NL or BE/],
    ['an id of another form', '--withdraw A;B --reason x', /"A;B" is not a notice id/],
    ['an unknown option', 'notices.json --withdrawn A', /Unknown option '--withdrawn'/],
    ['--withdraw without its value', '--withdraw --reason x', /--withdraw/],
  ])('refuses %s', (_what, line, error) => {
    expect(parse(line)).toEqual({ error: expect.stringMatching(error) })
  })
})
