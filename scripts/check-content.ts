/**
 * `npm run build` runs this first: every content file meets its schema (server/content.ts), or the build
 * stops with one line per problem, naming the file, the entry and the field. The server checks again at
 * start-up unless the content is what this check stamped valid (dist/content-checked.json). `node --import tsx scripts/check-content.ts [FOLDER]` checks another project folder.
 */
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { contentProblems, writeContentStamp } from '#server/content.ts'
import { writePreparedDocuments } from '#server/documents/prepared.ts'

const root = resolve(process.argv[2] ?? resolve(import.meta.dirname, '..'))
const problems = contentProblems(root)
if (problems.length > 0) {
  console.error(`Content is not valid (${problems.length} problems):`)
  for (const problem of problems) console.error(`  ${problem}`)
  process.exitCode = 1
} else {
  // What the build found valid, file by file: a production start does not check it again (issue 30).
  mkdirSync(join(root, 'dist'), { recursive: true })
  writeContentStamp(root)
  // And the documents as parsed now: a stamped start reads them instead of parsing them again.
  writePreparedDocuments(root)
}
