import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseAtomFeed } from 'feedsmith'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { contentProblems } from '#server/content.ts'
import { ROOT, testSetup } from '../support/app'

/**
 * Issue 29: a document whose content gains a new version. The test's project folder is a copy of content/
 * in which the Dutch terms of use (one version, in force since 2026-04-01) gain a second one: the file as it
 * was moves to the history, and the new one changes one sentence, adds one and drops another.
 */
const NL = 'privacy.dpgmedia.nl'
const ORIGIN = 'https://privacy.dpgmedia.nl'
const KEY = 'terms-of-use'
const OLD_DATE = '2026-04-01'
const NEW_DATE = '2026-11-20'

const CHANGED_OLD = 'Je account is persoonlijk.'
const CHANGED_NEW = 'Je account is persoonlijk en niet overdraagbaar.'
const ADDED = 'Je kunt je account altijd opzeggen via je accountinstellingen.'
const REMOVED = 'Lees ze daarom goed door.'

function projectWithNewVersion(): string {
  const root = mkdtempSync(join(tmpdir(), 'document-history-'))
  cpSync(join(ROOT, 'content'), join(root, 'content'), { recursive: true })
  const folder = join(root, 'content/documents/nl_nl')
  const current = join(folder, `${KEY}.md`)
  const text = readFileSync(current, 'utf8')
  expect(text).toContain(`updated: ${OLD_DATE}`)
  for (const sentence of [CHANGED_OLD, REMOVED]) expect(text.split(sentence)).toHaveLength(2)
  mkdirSync(join(folder, 'history', KEY), { recursive: true })
  renameSync(current, join(folder, 'history', KEY, `${OLD_DATE}.md`))
  writeFileSync(
    current,
    text
      .replace(`updated: ${OLD_DATE}`, `updated: ${NEW_DATE}`)
      .replace(/^summary: .*$/m, 'summary: Je account is niet overdraagbaar en je zegt het zelf op.')
      .replace(CHANGED_OLD, `${CHANGED_NEW} ${ADDED}`)
      .replace(` ${REMOVED}`, ''),
  )
  return root
}

let app: Awaited<ReturnType<typeof testSetup>>['app']
let root: string
beforeAll(async () => {
  root = projectWithNewVersion()
  app = (await testSetup({}, undefined, { root })).app
})

const get = (path: string) => request(app).get(path).set('Host', NL)
/** The texts of an element in the HTML, without the labels only a screen reader reads. */
const textsOf = (html: string, tag: string) =>
  [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) =>
    (match[1] ?? '')
      .replace(/<span class="visually-hidden"[^>]*>[\s\S]*?<\/span>/g, '')
      .replace(/<!-- -->/g, '')
      .trim(),
  )
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1]

describe('a document that gains a new version (issue 29)', () => {
  it('shows both versions in its history, newest first, with date, summary and links', async () => {
    const res = await get(`/nl/document/${KEY}/versions`)
    expect(res.status).toBe(200)
    expect(res.text).toContain('<h1>Gebruiksvoorwaarden: alle versies</h1>')
    const dates = [...res.text.matchAll(/<h2 class="history__date"><time dateTime="([\d-]+)">/g)].map(
      (match) => match[1],
    )
    expect(dates).toEqual([NEW_DATE, OLD_DATE])
    expect(res.text).toContain('20 november 2026')
    expect(res.text).toContain('Je account is niet overdraagbaar en je zegt het zelf op.')
    expect(res.text).toContain('Eerste versie op deze site.')
    expect(res.text).toContain(`href="/nl/document/${KEY}/versions/${OLD_DATE}"`)
    expect(res.text).toContain(`href="/nl/document/${KEY}/versions/${NEW_DATE}/changes"`)
    // The first version has nothing before it to compare with.
    expect(res.text).not.toContain(`/versions/${OLD_DATE}/changes`)
    expect(canonicalOf(res.text)).toBe(`${ORIGIN}/nl/document/${KEY}/versions`)
  })

  it('says on the document page since when it is in force, and links its history', async () => {
    const res = await get(`/nl/document/${KEY}`)
    expect(res.text).toMatch(
      /Van kracht sinds(<!-- -->)? <time dateTime="2026-11-20">20 november 2026<\/time>/,
    )
    expect(res.text).toContain(`href="/nl/document/${KEY}/versions"`)
    expect(res.text).toContain(CHANGED_NEW)
  })

  it('keeps serving the old version at its permanent address, canonical to the current page', async () => {
    const res = await get(`/nl/document/${KEY}/versions/${OLD_DATE}`)
    expect(res.status).toBe(200)
    expect(res.text).toContain(`${CHANGED_OLD} Je mag je inloggegevens`)
    expect(res.text).toContain(REMOVED)
    expect(res.text).not.toContain(ADDED)
    expect(res.text).toContain('Dit is een eerdere versie, van kracht van 1 april 2026 tot 20 november 2026.')
    // Never indexed as the current text: canonical and alternates name the document's own page.
    expect(canonicalOf(res.text)).toBe(`${ORIGIN}/nl/document/${KEY}`)
    expect(res.text).toContain(`<link rel="alternate" hreflang="nl-NL" href="${ORIGIN}/nl/document/${KEY}">`)
    expect(res.text).toContain('<title>Gebruiksvoorwaarden, versie van 1 april 2026 | ')

    const current = await get(`/nl/document/${KEY}/versions/${NEW_DATE}`)
    expect(current.status).toBe(200)
    expect(current.text).toContain('Dit is de huidige versie, van kracht sinds 20 november 2026.')
    expect(canonicalOf(current.text)).toBe(`${ORIGIN}/nl/document/${KEY}`)
  })

  it('marks exactly the changed sentences in the comparison, with labels a screen reader reads', async () => {
    const res = await get(`/nl/document/${KEY}/versions/${NEW_DATE}/changes`)
    expect(res.status).toBe(200)
    expect(res.text).toContain('De versie van 20 november 2026 vergeleken met die van 1 april 2026.')
    expect(textsOf(res.text, 'del').filter((text) => text !== 'verwijderd:')).toEqual([REMOVED, CHANGED_OLD])
    expect(textsOf(res.text, 'ins').filter((text) => text !== 'toegevoegd:')).toEqual([CHANGED_NEW, ADDED])
    expect(res.text).toMatch(
      /<del><span class="visually-hidden" lang="nl">verwijderd: <\/span>Je account is persoonlijk\.<span class="visually-hidden" lang="nl"> \(einde verwijdering\)<\/span><\/del>/,
    )
    // The sentences around a change are text, unmarked.
    expect(res.text).toContain('Je account is persoonlijk.<span class="visually-hidden" lang="nl"> (einde')
    expect(res.text).toMatch(/<\/ins> Je mag je inloggegevens niet met anderen delen/)
    expect(canonicalOf(res.text)).toBe(`${ORIGIN}/nl/document/${KEY}`)
  })

  it('lists every change of every Dutch document in an Atom feed that a feed parser reads', async () => {
    const res = await get('/nl/document/changes.atom')
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8')
    const feed = parseAtomFeed(res.text)
    expect(feed.id).toBe(`${ORIGIN}/nl/document/changes.atom`)
    expect(feed.title).toEqual({ value: 'Wijzigingen in de documenten van DPG Media Privacy' })
    expect(feed.updated).toBe(`${NEW_DATE}T00:00:00Z`)
    expect(feed.links).toContainEqual(
      expect.objectContaining({ rel: 'self', href: `${ORIGIN}/nl/document/changes.atom` }),
    )
    const entries = feed.entries ?? []
    // Every version of every document the Dutch site shows: the new one first, each id once.
    expect(entries[0]).toMatchObject({
      id: `${ORIGIN}/nl/document/${KEY}/versions/${NEW_DATE}`,
      title: { value: 'Gebruiksvoorwaarden: Je account is niet overdraagbaar en je zegt het zelf op.' },
      updated: `${NEW_DATE}T00:00:00Z`,
      summary: { value: 'Je account is niet overdraagbaar en je zegt het zelf op.' },
      links: [expect.objectContaining({ href: `${ORIGIN}/nl/document/${KEY}/versions/${NEW_DATE}/changes` })],
    })
    expect(entries.map((entry) => entry.id)).toContain(`${ORIGIN}/nl/document/${KEY}/versions/${OLD_DATE}`)
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length)
    for (const entry of entries) {
      expect(entry.title?.value).toBeTruthy()
      expect(entry.updated).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/)
    }
    const dates = entries.map((entry) => entry.updated ?? '')
    expect(dates).toEqual([...dates].sort().reverse())
  })

  it.each([
    ['a date no version took effect on', `/nl/document/${KEY}/versions/2026-05-01`],
    ['a date that is no date', `/nl/document/${KEY}/versions/gisteren`],
    [
      'the first version, which has nothing to compare with',
      `/nl/document/${KEY}/versions/${OLD_DATE}/changes`,
    ],
    ['an unknown document', '/nl/document/no-such-document/versions'],
  ])('answers %s with the not-found page', async (_name, path) => {
    const res = await get(path)
    expect(res.status).toBe(404)
  })

  it('keeps the legacy paths leading to the document', async () => {
    const res = await get('/nl/gebruiksvoorwaarden')
    expect(res.status).toBe(301)
    expect(res.headers.location).toBe(`/nl/document/${KEY}`)
  })
})

describe('earlier versions in content/ (issue 29)', () => {
  const copy = (edit: (folder: string) => void) => {
    const copied = mkdtempSync(join(tmpdir(), 'document-check-'))
    cpSync(join(ROOT, 'content'), join(copied, 'content'), { recursive: true })
    edit(join(copied, 'content/documents/nl_nl'))
    return contentProblems(copied)
  }

  it('finds the histories of this project valid', () => {
    expect(contentProblems(ROOT)).toEqual([])
  })

  it('refuses a version without its one-line summary, naming the file', () => {
    expect(
      copy((folder) => {
        const file = join(folder, 'history/cookie-policy/2025-11-01.md')
        writeFileSync(file, readFileSync(file, 'utf8').replace(/^summary: .*\n/m, ''))
      }),
    ).toEqual([
      'content/documents/nl_nl/history/cookie-policy/2025-11-01.md: front matter needs summary: one line of at most 200 characters',
    ])
  })

  it('refuses an earlier version dated on or after the current one, or not named by its date', () => {
    expect(
      copy((folder) => {
        const history = join(folder, 'history/cookie-policy')
        const text = readFileSync(join(history, '2025-11-01.md'), 'utf8')
        writeFileSync(
          join(history, '2026-12-01.md'),
          text.replace('updated: 2025-11-01', 'updated: 2026-12-01'),
        )
        writeFileSync(join(history, '2025-10-01.md'), text)
      }),
    ).toEqual([
      'content/documents/nl_nl/history/cookie-policy/2026-12-01.md: an earlier version must take effect before the current one (2026-09-15)',
      'content/documents/nl_nl/history/cookie-policy/2025-10-01.md: updated: 2025-11-01 is not the date in its name (2025-10-01)',
    ])
  })

  it('refuses the history of a document the locale does not have', () => {
    expect(
      copy((folder) => {
        mkdirSync(join(folder, 'history/privacy-policy-nonexistent'), { recursive: true })
      }),
    ).toEqual([
      'content/documents/nl_nl/history/privacy-policy-nonexistent: earlier versions of privacy-policy-nonexistent, which has no current file in nl_nl',
    ])
  })
})
