import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as DESK_LABELS from '#shared/desk-labels.ts'
import { DOCUMENT_KEYS, documentTitleKey } from '#shared/documents.ts'
import * as EXPORT_LABELS from '#shared/export-labels.ts'
import { ownPhrasesOf } from '#shared/i18n/catalog.server.ts'
import { flattenPhrases } from '#shared/i18n/translate.ts'
import * as LABELS from '#shared/labels.ts'

const root = resolve(import.meta.dirname, '..')
const SOURCE_DIRS = ['pages', 'renderer', 'shared', 'server']
const PHRASE_FILES = readdirSync(join(root, 'locales')).filter((name) => name.endsWith('.json'))
const phraseFile = (name: string) =>
  flattenPhrases(JSON.parse(readFileSync(join(root, 'locales', name), 'utf8')))
const nl = phraseFile('nl.json')
const NAMESPACES = new Set(Object.keys(nl).map((key) => key.split('.')[0]))

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return files(path, pattern)
    return pattern.test(name) && !name.endsWith('.test.ts') ? [path] : []
  })
}

/**
 * Keys are written as whole string literals in code ('layout.menu.home'), and as values of `…Key` fields
 * in content JSON, so that this scan finds every one. Document titles are derived from the document keys, and
 * the labels of domain values (shared/labels.ts) from their prefixes and the values.
 */
function usedKeys(): Map<string, string> {
  const used = new Map<string, string>()
  const sources = SOURCE_DIRS.flatMap((dir) => files(join(root, dir), /\.(ts|tsx)$/))
  // shared/labels.ts and shared/desk-labels.ts write prefixes, not keys: their keys are read from the modules.
  for (const file of sources.filter((path) => !/shared\/(desk-)?labels\.ts$/.test(path))) {
    // `phrases: [...]` in a page config names namespaces, not keys; they are checked on their own.
    const source = readFileSync(file, 'utf8').replace(PHRASES_CONFIG, '')
    for (const match of source.matchAll(/'([a-z_]+(?:\.[\w-]+)+)'/g)) {
      const key = match[1] ?? ''
      if (NAMESPACES.has(key.split('.')[0])) used.set(key, relative(root, file))
    }
  }
  for (const file of files(join(root, 'content'), /\.json$/)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/"\w*Key"\s*:\s*"([^"]+)"/g)) {
      used.set(match[1] ?? '', relative(root, file))
    }
  }
  for (const key of DOCUMENT_KEYS) used.set(documentTitleKey(key), 'shared/documents.ts')
  for (const map of [
    ...Object.values(LABELS),
    ...Object.values(DESK_LABELS),
    ...Object.values(EXPORT_LABELS),
  ])
    for (const key of Object.values(map)) used.set(key, 'shared/labels.ts')
  return used
}

const PHRASES_CONFIG = /phrases:\s*\[[^\]]*\]/g
const used = usedKeys()

/** The namespaces pages declare in `phrases: [...]`. */
function declaredNamespaces(): string[] {
  return SOURCE_DIRS.flatMap((dir) => files(join(root, dir), /\.(ts|tsx)$/)).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(PHRASES_CONFIG)].flatMap((match) =>
      [...match[0].matchAll(/'([^']+)'/g)].map((name) => name[1] ?? ''),
    ),
  )
}

describe('phrase files', () => {
  it.each(['nl_nl', 'fr_be'] as const)('%s has every key the code uses', (locale) => {
    const phrases = ownPhrasesOf(locale)
    const missing = [...used].filter(([key]) => !(key in phrases)).map(([key, file]) => `${key} (${file})`)
    expect(missing).toEqual([])
  })

  it('has phrases under every namespace a page declares', () => {
    const namespaces = declaredNamespaces()
    expect(namespaces.length).toBeGreaterThan(5)
    const empty = namespaces.filter(
      (ns) => !Object.keys(nl).some((key) => key === ns || key.startsWith(`${ns}.`)),
    )
    expect(empty).toEqual([])
  })

  it.each(PHRASE_FILES)('%s holds no key that nothing uses', (name) => {
    const unused = Object.keys(phraseFile(name)).filter((key) => !used.has(key))
    expect(unused).toEqual([])
  })

  it('has French for every Dutch phrase, with the same placeholders', () => {
    const fr = phraseFile('fr.json')
    const placeholders = (text = '') => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort()
    for (const [key, text] of Object.entries(nl)) {
      expect(fr[key], key).toBeTypeOf('string')
      expect(placeholders(fr[key]), key).toEqual(placeholders(text))
    }
  })

  it('overrides only keys that exist in the language file', () => {
    for (const name of PHRASE_FILES.filter((file) => file.includes('_'))) {
      const base = phraseFile(`${name.slice(0, 2)}.json`)
      const extra = Object.keys(phraseFile(name)).filter((key) => !(key in base))
      expect(extra, name).toEqual([])
    }
    const en = Object.keys(phraseFile('en.json')).filter((key) => !(key in nl))
    expect(en).toEqual([])
  })

  it('falls back as spec §4 says: en_be to nl_be, then nl_nl; fr_be to nl_nl', async () => {
    const { phrasesFor } = await import('#shared/i18n/catalog.server.ts')
    expect(phrasesFor('en_be')['layout.menu.home']).toBe('Home')
    expect(phrasesFor('en_be')['contact_section.hours']).toBe(ownPhrasesOf('nl_be')['contact_section.hours'])
    expect(phrasesFor('en_nl')['contact_section.hours']).toBe(nl['contact_section.hours'])
    expect(phrasesFor('nl_be')['layout.footer.copyright']).toContain('DPG Media NV')
    expect(phrasesFor('nl_nl')['layout.footer.copyright']).toContain('DPG Media B.V.')
  })
})
