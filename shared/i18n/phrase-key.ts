import type nl from '#locales/nl.json'

/** `{ a: { b: 'x' } }` → `'a.b'`: every key of a phrase tree, as a string literal type. */
type Keys<Tree, Prefix extends string = ''> = {
  [Name in keyof Tree & string]: Tree[Name] extends string
    ? `${Prefix}${Name}`
    : Keys<Tree[Name], `${Prefix}${Name}.`>
}[keyof Tree & string]

/**
 * Every phrase key, taken from the Dutch phrase file (the complete one): `tsc` rejects a key that does not
 * exist, and `test/i18n.test.ts` checks that French has every Dutch key.
 */
export type PhraseKey = Keys<typeof nl>
