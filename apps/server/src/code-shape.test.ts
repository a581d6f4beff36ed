import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * The server's code stays in pieces a reader can hold in mind, and named so they know what each holds
 * (docs/architecture.md, "Modules"; docs/decisions/037-one-standard-for-the-code.md).
 */
const src = fileURLToPath(new URL('./', import.meta.url))
const MAX_FILE_LINES = 450
const MAX_OWN_LINES = 80

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'test' && dir === src.replace(/\/$/, '') ? [] : sourceFiles(full)
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : []
  })
}

// The stand-ins and factories tests run against (src/test/) are tests' own code.
const files = sourceFiles(src.replace(/\/$/, '')).map((file) => ({ file, name: path.relative(src, file), text: readFileSync(file, 'utf8') }))

/** A function's own lines: its lines less those of the functions written inside it (each measured on its own). */
function longFunctions(name: string, text: string): string[] {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true)
  const line = (position: number) => source.getLineAndCharacterOfPosition(position).line
  const span = (node: ts.Node) => line(node.getEnd()) - line(node.getStart()) + 1
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      let nested = 0
      const inner = (child: ts.Node) => {
        if (ts.isFunctionLike(child) && 'body' in child && child.body) nested += span(child)
        else ts.forEachChild(child, inner)
      }
      ts.forEachChild(node, inner)
      const label = functionName(node)
      // A routes factory's own lines are its routes' declarations (paths, schemas, answers); each handler is measured.
      if (span(node) - nested > MAX_OWN_LINES && !/^create\w*Routes$|^createApp$/.test(label)) {
        found.push(`${name}:${line(node.getStart()) + 1} ${label} (${span(node) - nested} lines)`)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** Whether a file imports anything but types from a file whose path matches. */
function importsValuesOf(name: string, text: string, from: RegExp): boolean {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true)
  return source.statements.some((statement) => {
    if (!ts.isImportDeclaration(statement) || !from.test((statement.moduleSpecifier as ts.StringLiteral).text)) return false
    const clause = statement.importClause
    if (!clause || clause.isTypeOnly) return !clause
    const named = clause.namedBindings
    return !!clause.name || !named || ts.isNamespaceImport(named) || named.elements.some((element) => !element.isTypeOnly)
  })
}

function functionName(node: ts.Node): string {
  const named = (node as { name?: ts.Node }).name
  if (named) return named.getText()
  const parent = node.parent
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))) return parent.name.getText()
  return 'an unnamed function'
}

describe("the server's code is in pieces a reader can hold in mind", () => {
  it(`no source file is over ${MAX_FILE_LINES} lines`, () => {
    const long = files.filter(({ text }) => text.split('\n').length > MAX_FILE_LINES).map(({ name }) => name)
    expect(long).toEqual([])
  })

  it(`no function or method is over ${MAX_OWN_LINES} lines of its own`, () => {
    const long = files.flatMap(({ name, text }) => longFunctions(name, text)).map((found) => found.replace(/:\d+ (\S+) \(.*$/, ' $1'))
    expect(long).toEqual([])
  })

  it('the measure counts what a function holds itself, not what it nests', () => {
    const body = (lines: number) => Array.from({ length: lines }, (_, i) => `  const v${i} = ${i}`).join('\n')
    expect(longFunctions('a.ts', `function big() {\n${body(MAX_OWN_LINES)}\n}`)).toEqual([`a.ts:1 big (${MAX_OWN_LINES + 2} lines)`])
    expect(longFunctions('b.ts', `function outer() {\n  function inner() {\n${body(60)}\n  }\n${body(40)}\n}`)).toEqual([])
  })
})

describe("a module's files are named for what they hold", () => {
  const moduleFiles = files.filter(({ name }) => name.startsWith('modules/'))

  it('no two files in different modules share a name, but public.ts', () => {
    const byName = new Map<string, string[]>()
    for (const { name } of moduleFiles) {
      const base = path.basename(name)
      if (base !== 'public.ts') byName.set(base, [...(byName.get(base) ?? []), name])
    }
    // A folder that says what its files are for (account/import/) names them enough.
    const clashes = [...byName.values()].filter(
      (names) => new Set(names.map((n) => n.split('/').slice(0, 2).join('/'))).size > 1 && !names.some((n) => n.split('/').length > 3),
    )
    expect(clashes).toEqual([])
  })

  it('only services, repositories and a module’s wiring make repositories: other files are plain logic (or name their types)', () => {
    const using = moduleFiles.filter(
      ({ name, text }) => importsValuesOf(name, text, /\.repository\.ts$/) && !/(\.(service|repository|module)|\/public)\.ts$/.test(name),
    )
    expect(using.map(({ name }) => name)).toEqual([])
  })

  it('a service file carries out operations: it exports functions (a create… factory, or operations taking the database)', () => {
    const services = moduleFiles.filter(({ name }) => name.endsWith('.service.ts'))
    expect(services.length).toBeGreaterThan(10)
    expect(services.filter(({ text }) => !/export (async )?function \w+/.test(text)).map(({ name }) => name)).toEqual([])
  })
})
