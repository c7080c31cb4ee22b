import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AnySchema, ErrorObject, ValidateFunction } from 'ajv'
import { aboutSchema } from '#shared/about.schema.ts'
import { brandListSchema } from '#shared/brands.schema.ts'
import { homeSchema } from '#shared/home.schema.ts'
import { phoneListSchema } from '#shared/phone.schema.ts'
import type { Country } from '#shared/site.ts'
import { documentProblems } from './documents/store'
import { checkCampaignRows, parseCampaignFile } from './services/campaign-import'
import { ajv } from './validation'

/** The content files the site reads, each with the schema it must meet (paths from the project folder). */
const CONTENT_FILES: [file: string, schema: AnySchema][] = [
  ['content/brands/nl.json', brandListSchema],
  ['content/brands/be.json', brandListSchema],
  ['content/phone/nl.json', phoneListSchema],
  ['content/phone/be.json', phoneListSchema],
  ['content/home.json', homeSchema],
  ['content/about.json', aboutSchema],
]
const CAMPAIGN_FOLDER = 'content/campaigns'
const DOCUMENT_FOLDER = 'content/documents'

export class ContentError extends Error {}

/**
 * Every problem in `content/` under `root`, one line each, naming the file, the entry and the field:
 * `content/phone/nl.json: entry 28 (Qmusic): brandType must be one of news, online_only, radio, lifestyle, tv`.
 * Entries count from 0, as in the file's JSON array. Run by `npm run build` (scripts/check-content.ts) and at
 * every start (`assertContent`).
 */
export function contentProblems(root: string): string[] {
  const problems: string[] = []
  for (const [file, schema] of CONTENT_FILES) {
    const data = readJson(root, file, problems)
    // Compiled when checked (ajv caches by schema), not when the module loads: a stamped start checks nothing.
    if (data !== undefined) problems.push(...schemaProblems(file, data, ajv.compile(schema)))
  }
  const folder = join(root, CAMPAIGN_FOLDER)
  const campaignFiles = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.json')) : []
  for (const name of campaignFiles.sort()) {
    const file = `${CAMPAIGN_FOLDER}/${name}`
    problems.push(...campaignProblems(file, readFileSync(join(root, file), 'utf8')))
  }
  // Issue 29: every document and each of its earlier versions, named by file as the campaigns are.
  const documents = join(root, DOCUMENT_FOLDER)
  problems.push(
    ...documentProblems(documents).map((problem) =>
      problem.startsWith(documents) ? `${DOCUMENT_FOLDER}${problem.slice(documents.length)}` : problem,
    ),
  )
  return problems
}

/** Where the build notes which content it found valid (scripts/check-content.ts). */
export const CONTENT_STAMP = 'dist/content-checked.json'

/** Every file under content/ by its path from `root`, with the SHA-256 of its bytes, in path order. */
export function contentDigest(root: string): Record<string, string> {
  const names = readdirSync(join(root, 'content'), { recursive: true, encoding: 'utf8' })
    .map((name) => `content/${name.split('\\').join('/')}`)
    .sort()
  const digest: Record<string, string> = {}
  for (const name of names) {
    const path = join(root, name)
    let bytes: Buffer
    try {
      bytes = readFileSync(path)
    } catch {
      continue // a folder
    }
    digest[name] = createHash('sha256').update(bytes).digest('hex')
  }
  return digest
}

/** The build found content/ valid: notes each file's digest, so a start need not check it again. */
export function writeContentStamp(root: string): void {
  writeFileSync(join(root, CONTENT_STAMP), `${JSON.stringify(contentDigest(root), null, 1)}\n`)
}

/** The content is, file for file and byte for byte, what the build checked (same files, none added). */
export function contentStamped(root: string): boolean {
  const stamp = join(root, CONTENT_STAMP)
  if (!existsSync(stamp)) return false
  try {
    return JSON.stringify(JSON.parse(readFileSync(stamp, 'utf8'))) === JSON.stringify(contentDigest(root))
  } catch {
    return false
  }
}

/**
 * At start-up: the site does not serve content that breaks its schemas. Content the build checked and
 * stamped (unchanged since, file for file) is not checked again when `trustBuildStamp` (production, whose
 * bundle holds the schemas the build checked with): that saves a start a second or more (issue 30); a file
 * changed, added or removed after the build is checked as ever. True when the build's stamp was trusted.
 */
export function assertContent(root: string, options: { trustBuildStamp?: boolean } = {}): boolean {
  if (options.trustBuildStamp && contentStamped(root)) return true
  const problems = contentProblems(root)
  if (problems.length > 0) throw new ContentError(`Content is not valid:\n${problems.join('\n')}`)
  return false
}

/** One line per ajv error of `data`. */
export function schemaProblems(file: string, data: unknown, validate: ValidateFunction): string[] {
  if (validate(data)) return []
  return (validate.errors ?? []).map((error) => `${file}: ${describe(error, data)}`)
}

/**
 * The sample campaigns, checked as `npm run campaigns:import` and the start-up seed check them; their
 * country is the file's name (nl.json, be.json).
 */
export function campaignProblems(file: string, text: string): string[] {
  let rows: unknown[]
  try {
    rows = parseCampaignFile(text, 'json').rows
  } catch (error) {
    return [`${file}: ${(error as Error).message}`]
  }
  const country = (file.split('/').pop() ?? '').replace(/\.json$/, '').toUpperCase() as Country
  return checkCampaignRows(rows, { country, sample: true }).rejected.flatMap((rejected) =>
    rejected.reasons.map(
      (reason) => `${file}: entry ${rejected.row - 1}${rejected.id ? ` (${rejected.id})` : ''}: ${reason}`,
    ),
  )
}

function readJson(root: string, file: string, problems: string[]): unknown {
  const path = join(root, file)
  if (!existsSync(path)) {
    problems.push(`${file}: missing`)
    return undefined
  }
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    problems.push(`${file}: not valid JSON (${(error as Error).message})`)
    return undefined
  }
}

/** Names shown for an entry, in this order of preference. */
const ENTRY_NAMES = ['brandName', 'description', 'id', 'document', 'titleKey']

/**
 * `/entries/28/brandType` (enum) → `entry 28 (Qmusic): brandType must be one of …`. The first array index
 * on the path is the entry; the list is named unless it is the file's `entries`.
 */
function describe(error: ErrorObject, data: unknown): string {
  const segments = error.instancePath.split('/').slice(1)
  const params = error.params as {
    missingProperty?: string
    additionalProperty?: string
    allowedValues?: unknown[]
  }
  const at = segments.findIndex((segment) => /^\d+$/.test(segment))
  let entry = ''
  let fieldPath = segments
  if (at >= 0) {
    const list = segments.slice(0, at).join('.')
    const item = segments
      .slice(0, at + 1)
      .reduce<unknown>(
        (node, key) =>
          node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
        data,
      )
    const name = entryName(item)
    entry = `${list && list !== 'entries' ? `${list} ` : ''}entry ${segments[at]}${name ? ` (${name})` : ''}: `
    fieldPath = segments.slice(at + 1)
  }
  let field = fieldPath.join('.')
  let message = `${error.message ?? 'is not valid'}`
  if (error.keyword === 'required' && params.missingProperty) {
    field = [field, params.missingProperty].filter(Boolean).join('.')
    message = 'is required'
  } else if (error.keyword === 'additionalProperties' && params.additionalProperty) {
    field = [field, params.additionalProperty].filter(Boolean).join('.')
    message = 'is not allowed'
  } else if (error.keyword === 'enum' && params.allowedValues) {
    message = `must be one of ${params.allowedValues.join(', ')}`
  }
  return `${entry}${field || (entry ? 'the entry' : 'the file')} ${message}`
}

function entryName(item: unknown): string | undefined {
  if (typeof item === 'string') return item
  if (!item || typeof item !== 'object') return undefined
  for (const key of ENTRY_NAMES) {
    const value = (item as Record<string, unknown>)[key]
    if (typeof value === 'string' && value) return value
  }
  return undefined
}
