import { join } from 'node:path'
import { type Node, type SourceFile, SyntaxKind } from 'typescript/unstable/ast'
import { API } from 'typescript/unstable/sync'

/**
 * The project's source as the TypeScript compiler reads it (its API, `typescript/unstable/sync`, over
 * tsconfig.json): what each file imports and how long its functions are. Read by test/architecture.test.ts
 * (the layers) and test/code-size.test.ts (the sizes).
 */

/** How a file names another: `import`, `export … from`, `import()`, `require()`, `import x = require()`, `import('…').T`. */
export type ImportKind = 'import' | 'export' | 'import()' | 'require()' | 'import-equals' | 'import-type'

export interface ImportSite {
  specifier: string
  kind: ImportKind
}

export interface FunctionSize {
  name: string
  /** 1-based line where the function starts. */
  line: number
  lines: number
}

export interface Project {
  /** Absolute paths of the project's own files (no node_modules). */
  files: readonly string[]
  source(file: string): SourceFile
  close(): void
}

/** Opens tsconfig.json's project once (a few seconds: the compiler starts and parses every file). */
export function openProject(root: string): Project {
  const api = new API({ cwd: root })
  const snapshot = api.updateSnapshot({ openProjects: [join(root, 'tsconfig.json')] })
  const [project] = snapshot.getProjects()
  if (!project) throw new Error('tsconfig.json opened no project')
  const files = project.program.getSourceFileNames().filter((file) => !file.includes('/node_modules/'))
  return {
    files,
    source(file) {
      const source = project.program.getSourceFile(file)
      if (!source) throw new Error(`${file} is not in the project`)
      return source
    },
    close: () => api.close(),
  }
}

function walk(node: Node, visit: (node: Node) => void) {
  visit(node)
  node.forEachChild((child) => {
    walk(child, visit)
  })
}

const stringOf = (node: Node | undefined): string | null =>
  node && (node.kind === SyntaxKind.StringLiteral || node.kind === SyntaxKind.NoSubstitutionTemplateLiteral)
    ? (node as unknown as { text: string }).text
    : null

/** Every module a file names, however it names it (a string literal only: an expression is not followed). */
export function importsOf(source: SourceFile): ImportSite[] {
  const found: ImportSite[] = []
  const add = (node: Node | undefined, kind: ImportKind) => {
    const specifier = stringOf(node)
    if (specifier !== null) found.push({ specifier, kind })
  }
  walk(source, (node) => {
    const fields = node as unknown as Record<string, Node | undefined> & { arguments?: readonly Node[] }
    switch (node.kind) {
      case SyntaxKind.ImportDeclaration:
        return add(fields.moduleSpecifier, 'import')
      case SyntaxKind.ExportDeclaration:
        return add(fields.moduleSpecifier, 'export')
      case SyntaxKind.ExternalModuleReference:
        return add(fields.expression, 'import-equals')
      case SyntaxKind.ImportType:
        return add((fields.argument as unknown as Record<string, Node> | undefined)?.literal, 'import-type')
      case SyntaxKind.CallExpression: {
        const callee = fields.expression
        if (callee?.kind === SyntaxKind.ImportKeyword) return add(fields.arguments?.[0], 'import()')
        if (
          callee?.kind === SyntaxKind.Identifier &&
          (callee as unknown as { text: string }).text === 'require'
        )
          return add(fields.arguments?.[0], 'require()')
      }
    }
  })
  return found
}

const FUNCTION_KINDS = new Set([
  SyntaxKind.FunctionDeclaration,
  SyntaxKind.FunctionExpression,
  SyntaxKind.ArrowFunction,
  SyntaxKind.MethodDeclaration,
  SyntaxKind.Constructor,
  SyntaxKind.GetAccessor,
  SyntaxKind.SetAccessor,
])

/** A function's name: its own, or the variable or property it is assigned to. */
function nameOf(node: Node, source: SourceFile): string {
  const own = (node as unknown as { name?: Node }).name
  if (own) return own.getText(source)
  const parent = node.parent as unknown as { name?: Node; kind: SyntaxKind }
  if (
    parent.name &&
    (parent.kind === SyntaxKind.VariableDeclaration || parent.kind === SyntaxKind.PropertyAssignment)
  )
    return parent.name.getText(source)
  return '(anonymous)'
}

/** Every function of a file with a body, outer ones first; a nested function is counted in its own right too. */
export function functionsOf(source: SourceFile): FunctionSize[] {
  const found: FunctionSize[] = []
  walk(source, (node) => {
    if (!FUNCTION_KINDS.has(node.kind) || !(node as unknown as { body?: Node }).body) return
    const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
    const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
    found.push({ name: nameOf(node, source), line: start + 1, lines: end - start + 1 })
  })
  return found
}

/** Lines of a file, as an editor counts them (a final newline ends the last line, it opens none). */
export const linesOf = (source: SourceFile) => source.text.replace(/\n$/, '').split('\n').length
