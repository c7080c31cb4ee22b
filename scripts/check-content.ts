/**
 * `npm run build` runs this first: every content file meets its schema (server/content.ts), or the build
 * stops with one line per problem, naming the file, the entry and the field. The server checks again at
 * start-up. `node --import tsx scripts/check-content.ts [FOLDER]` checks another project folder.
 */
import { resolve } from 'node:path'
import { contentProblems } from '#server/content.ts'

const root = resolve(process.argv[2] ?? resolve(import.meta.dirname, '..'))
const problems = contentProblems(root)
if (problems.length > 0) {
  console.error(`Content is not valid (${problems.length} problems):`)
  for (const problem of problems) console.error(`  ${problem}`)
  process.exitCode = 1
}
