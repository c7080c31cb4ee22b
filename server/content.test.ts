import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { phoneListSchema } from '#shared/phone.schema.ts'
import {
  assertContent,
  ContentError,
  contentProblems,
  contentStamped,
  schemaProblems,
  writeContentStamp,
} from './content'
import { ajv } from './validation'

const ROOT = resolve(import.meta.dirname, '..')
const validatePhoneList = ajv.compile(phoneListSchema)

/** A copy of content/ in a fresh folder, with `edit` applied to one JSON file. */
function contentWith(file: string, edit: (data: Record<string, unknown>) => void): string {
  const root = mkdtempSync(join(tmpdir(), 'content-'))
  cpSync(join(ROOT, 'content'), join(root, 'content'), {
    recursive: true,
    filter: (source) => !source.includes('/documents/'),
  })
  const data = JSON.parse(readFileSync(join(root, file), 'utf8'))
  edit(data)
  writeFileSync(join(root, file), JSON.stringify(data))
  return root
}

describe('content validation', () => {
  it('finds the content of this project valid', () => {
    expect(contentProblems(ROOT)).toEqual([])
  })

  it('names the file, the entry (index and name) and the field of a bad brand type', () => {
    const list = JSON.parse(readFileSync(join(ROOT, 'content/phone/nl.json'), 'utf8'))
    list.entries[7] = { brandName: 'Qmusic', phoneNumber: '+31 88 000 1129', brandType: 'radoi' }
    expect(schemaProblems('content/phone/nl.json', list, validatePhoneList)).toEqual([
      'content/phone/nl.json: entry 7 (Qmusic): brandType must be one of news, online_only, radio, lifestyle, tv',
    ])
  })

  it.each([
    [
      'content/brands/be.json',
      (d: Record<string, unknown>) => {
        ;(d.brands as Record<string, unknown>[])[2] = { id: 'brand-2', description: 'HLN', nroKey: 'HLN' }
      },
      [
        'content/brands/be.json: brands entry 2 (HLN): nroKeys is required',
        'content/brands/be.json: brands entry 2 (HLN): nroKey is not allowed',
      ],
    ],
    [
      'content/home.json',
      (d: Record<string, unknown>) => {
        ;(d.legalDocuments as Record<string, string[]>).BE?.push('cookie-polcy')
      },
      [
        expect.stringMatching(
          /^content\/home\.json: legalDocuments\.BE entry 11 \(cookie-polcy\): .*must be one of privacy-policy, /,
        ),
      ],
    ],
    [
      'content/about.json',
      (d: Record<string, unknown>) => {
        delete (d.NL as { pairs: Record<string, unknown>[] }[])[1]?.pairs[0]?.textKey
      },
      ['content/about.json: NL entry 1 (about.nl.privacy.title): pairs.0.textKey is required'],
    ],
    [
      'content/campaigns/nl.json',
      (d: Record<string, unknown>) => {
        ;(d.campaignItems as Record<string, unknown>[])[3] = {
          ...(d.campaignItems as Record<string, unknown>[])[3],
          channel: 'BILLBOARD',
        }
      },
      [
        expect.stringMatching(
          /^content\/campaigns\/nl\.json: entry 3 \(sample-nl-[\w-]+\): channel: must be one of /,
        ),
      ],
    ],
    [
      'content/campaigns/nl.json',
      // Issue 26: a sample under an id a real notice could have would replace that notice at every start.
      (d: Record<string, unknown>) => {
        ;(d.campaignItems as Record<string, unknown>[])[2] = {
          ...(d.campaignItems as Record<string, unknown>[])[2],
          id: 'nl-2026-003',
        }
      },
      [
        'content/campaigns/nl.json: entry 2 (nl-2026-003): id: a sample notice\'s id begins with "sample-" (--sample never turns a real notice into a sample)',
      ],
    ],
  ])('reports a bad %s', (file, edit, expected) => {
    const root = contentWith(file, edit)
    expect(contentProblems(root)).toEqual(expected)
    expect(() => assertContent(root)).toThrow(ContentError)
  })

  it('stops the build: scripts/check-content.ts exits 1 and prints the problem', () => {
    const root = contentWith('content/phone/be.json', (d) => {
      ;(d.entries as Record<string, unknown>[])[0] = {
        brandName: 'VTM',
        phoneNumber: '+32 2 000 1101',
        brandType: 'radoi',
      }
    })
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts/check-content.ts'), root],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    )
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(
      'content/phone/be.json: entry 0 (VTM): brandType must be one of news, online_only, radio, lifestyle, tv',
    )
  })

  it("trusts the build's stamp only while every content file is as the build checked it", () => {
    const root = contentWith('content/home.json', () => {})
    mkdirSync(join(root, 'dist'))
    writeContentStamp(root)
    expect(contentStamped(root)).toBe(true)
    expect(() => assertContent(root, { trustBuildStamp: true })).not.toThrow()
    // A file broken after the build is checked, stamp or not.
    const phone = join(root, 'content/phone/be.json')
    const list = JSON.parse(readFileSync(phone, 'utf8'))
    list.entries[0].brandType = 'radoi'
    writeFileSync(phone, JSON.stringify(list))
    expect(contentStamped(root)).toBe(false)
    expect(() => assertContent(root, { trustBuildStamp: true })).toThrow(/brandType must be one of/)
    // So is a file added or removed after the build.
    writeContentStamp(root)
    writeFileSync(join(root, 'content/extra.json'), '{}')
    expect(contentStamped(root)).toBe(false)
    rmSync(join(root, 'content/extra.json'))
    rmSync(join(root, 'content/about.json'))
    expect(contentStamped(root)).toBe(false)
  })
})
