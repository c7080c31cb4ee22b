import { describe, expect, it } from 'vitest'
import { findPlaceholder } from './tasks'

describe('findPlaceholder', () => {
  it.each([
    ['Vos données : [à compléter]', '[à compléter]'],
    ['Je gegevens: [aanvullen]\nDoelen: [aanvullen]', '[aanvullen]'],
    ['Zie [...] hieronder', '[...]'],
    ['Zie […] hieronder', '[…]'],
    ['Empty [] brackets', '[]'],
    ['See note [1] and [fill in]', '[fill in]'],
  ])('finds the placeholder in %j', (text, placeholder) => {
    expect(findPlaceholder(text)).toBe(placeholder)
  })

  it.each([
    'We hebben je gegevens gewist.',
    'Zie voetnoot [1] en [ 2 ].',
    'Een haakje [ dat niet sluit',
    'Een regel [die\nover twee regels loopt]',
  ])('lets %j through', (text) => {
    expect(findPlaceholder(text)).toBeNull()
  })
})
