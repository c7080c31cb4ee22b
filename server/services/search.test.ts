import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { loadDocuments } from '../documents/store'
import { createSearchService } from './search'
import { snippet } from './search-snippet'

const joined = (text: string, terms: string[], width?: number) =>
  snippet(text, terms, width)
    .map((part) => part.text)
    .join('')

describe('snippet (issue 20)', () => {
  const text =
    'Op deze website van Kidsweek gaan we extra voorzichtig om met de gegevens van kinderen. ' +
    'We plaatsen alleen functionele cookies en meten het bezoek zonder dat we je kunnen volgen op andere sites.'

  it('starts and ends on a word boundary, with an ellipsis where the text goes on', () => {
    const piece = joined(text, ['cookies'], 60)
    expect(piece).toBe('…plaatsen alleen functionele cookies en meten het bezoek…')
  })

  it('marks every matched term, in any case', () => {
    const parts = snippet(text, ['cookies', 'kidsweek'])
    expect(parts.filter((part) => part.match).map((part) => part.text)).toEqual(['Kidsweek', 'cookies'])
  })

  it('holds the first matched term whole, even in a word longer than the snippet', () => {
    const long = `aanloop ${'x'.repeat(30)}gemeenteraadsverkiezingen${'y'.repeat(30)} einde`
    expect(joined(long, ['gemeenteraadsverkiezingen'], 20)).toContain('gemeenteraadsverkiezingen')
  })

  it('for any text and any of its words: a run of whole words holding the word', () => {
    const word = fc.stringMatching(/^[a-zà-ü]{1,14}$/)
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 120 }), fc.nat(), (words, pick) => {
        const source = words.join(' ')
        const term = words[pick % words.length] ?? ''
        const piece = joined(source, [term])
        const body = piece.replace(/^…/, '').replace(/…$/, '')
        const at = source.indexOf(body)
        expect(at).toBeGreaterThanOrEqual(0)
        // Whole words: the body starts at the text's start or after a space, and ends at its end or before one.
        expect(at === 0 || source[at - 1] === ' ').toBe(true)
        expect(at + body.length === source.length || source[at + body.length] === ' ').toBe(true)
        expect(piece.startsWith('…')).toBe(at > 0)
        expect(piece.endsWith('…')).toBe(at + body.length < source.length)
        expect(body.toLowerCase()).toContain(term.toLowerCase())
      }),
    )
  })
})

describe('the search indexes built ahead (issue 30: a restarted instance answers pages meanwhile)', () => {
  const documents = loadDocuments(join(import.meta.dirname, '../../content/documents'))
  const queries = ['cookies', 'gegevens verwijderen', 'publicité', 'telefoon']
  const locales = ['nl_nl', 'nl_be', 'fr_be'] as const

  it('finds what a search that builds its own index finds', async () => {
    const warmed = createSearchService(documents)
    await warmed.warm()
    const cold = createSearchService(documents)
    for (const locale of locales)
      for (const query of queries) expect(warmed.search(query, locale)).toEqual(cold.search(query, locale))
  })

  it('lets other work run while it builds, and keeps an index a search built meanwhile', async () => {
    const search = createSearchService(documents)
    let turns = 0
    let building = true
    const count = () => {
      turns++
      if (building) setImmediate(count)
    }
    setImmediate(count)
    const warming = search.warm()
    // A visitor's search for a locale not built yet: built at once, and kept when warm() comes to it.
    const early = search.search('cookies', 'fr_be')
    await warming
    building = false
    expect(turns).toBeGreaterThan(10)
    expect(search.search('cookies', 'fr_be')).toEqual(early)
  })
})
