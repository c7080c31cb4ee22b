import { Ajv2020 } from 'ajv/dist/2020.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

/**
 * Validates values against the schemas of a served OpenAPI 3.1 document (JSON Schema 2020-12), `$ref`s into
 * its components resolved, with the formats it uses checked: `at('/webhooks/…/schema')` is a JSON pointer
 * into the document.
 */
export function openApiSchemas(document: object) {
  const ajv = new Ajv2020({ allErrors: true, strict: false })
  ajv.addFormat('uuid', UUID)
  ajv.addFormat('date-time', DATE_TIME)
  ajv.addFormat('uri', (value: string) => URL.canParse(value))
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/)
  ajv.addSchema(document, 'openapi.json')
  return {
    at(pointer: string) {
      const validate = ajv.getSchema(`openapi.json#${pointer}`)
      if (!validate) throw new Error(`No schema at ${pointer}`)
      return validate
    },
  }
}

/** A JSON pointer's part: `application/json` → `application~1json`. */
export const pointerPart = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1')
