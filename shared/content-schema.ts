/**
 * What every object of our content files is: a closed object, so a misspelt field (`"typ"`, `"radoi"`) is an
 * error that names it instead of an entry that silently disappears. Spread into each schema's objects.
 */
export const closedObject = { type: 'object', additionalProperties: false } as const
