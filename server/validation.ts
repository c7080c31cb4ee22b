import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'

/** A failing field: a spec §5 rule, or a JSON Schema keyword. */
export interface ApiFieldError {
  field: string
  rule: string
}

/** One ajv for the server, schemas compiled once at start-up (DESIGN.md decision 4). */
export const ajv = new Ajv({ allErrors: true, strict: true })

/** ajv's errors as the API's failing fields: `userInfo.firstName` / `maxLength`. */
export function fieldErrors(validate: ValidateFunction): ApiFieldError[] {
  return (validate.errors ?? []).map((error: ErrorObject) => {
    const path = error.instancePath.slice(1).replace(/\//g, '.')
    if (error.keyword === 'additionalProperties') {
      const extra = (error.params as { additionalProperty?: string }).additionalProperty ?? ''
      return { field: path ? `${path}.${extra}` : extra, rule: 'unknown' }
    }
    if (error.keyword === 'required') {
      const missing = (error.params as { missingProperty?: string }).missingProperty ?? ''
      return { field: path ? `${path}.${missing}` : missing, rule: 'required' }
    }
    return { field: path || '(body)', rule: error.keyword }
  })
}
