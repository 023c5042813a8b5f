/**
 * The layout's rules, checked over the source itself (ESLint holds the same electron rule per file; this
 * holds the whole graph): main/ has no import cycles, type-only imports included (a circle of types is
 * still a circle a reader has to untangle), and nothing but the shell imports `electron`.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const SHELL = [/^main\/index\.ts$/, /^main\/shell\//, /^preload\/index\.ts$/]

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`
    if (e.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : []
  })
}

/** Every module a file names in import / export-from / import() / require, as written. */
export function importsOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName)
}

/** The repository file a relative import names, or null for packages and files outside the set. */
function resolveImport(from: string, spec: string, files: Set<string>): string | null {
  if (!spec.startsWith('.')) return null
  const base = relative(ROOT, resolve(ROOT, dirname(from), spec)).split('\\').join('/')
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base.replace(/\.js$/, '.ts')]) {
    if (files.has(candidate)) return candidate
  }
  return null
}

/** Every import cycle in a graph, each as the path that closes it (first file repeated at the end). */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (node: string): void => {
    state.set(node, 'open')
    stack.push(node)
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next])
      else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(node, 'done')
  }
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node)
  return cycles
}

function graphOf(dirs: string[]): { graph: Map<string, string[]>; imports: Map<string, string[]> } {
  const list = dirs.flatMap(sourceFiles)
  const files = new Set(list)
  const graph = new Map<string, string[]>()
  const imports = new Map<string, string[]>()
  for (const file of list) {
    const specs = importsOf(readFileSync(join(ROOT, file), 'utf8'))
    imports.set(file, specs)
    graph.set(file, specs.map((s) => resolveImport(file, s, files)).filter((f): f is string => f !== null))
  }
  return { graph, imports }
}

describe('the import graph', () => {
  it('finds a cycle when there is one, type imports included (the check itself can fail)', () => {
    const a = "import type { B } from './b'\nexport const a = 1"
    const b = "import { a } from './a'\nexport type B = typeof a"
    expect(importsOf(a)).toEqual(['./b'])
    expect(importsOf(b)).toEqual(['./a'])
    expect(findCycles(new Map([['a', ['b']], ['b', ['a']], ['c', ['a']]]))).toEqual([['a', 'b', 'a']])
    expect(findCycles(new Map([['a', ['b']], ['b', ['c']], ['c', []]]))).toEqual([])
  })

  it('main/ has no import cycles (the takes store, recording and import build on the shelf)', () => {
    const { graph } = graphOf(['main'])
    expect(graph.get('main/takes/take-import.ts')).toContain('main/takes/take-shelf.ts')
    expect(findCycles(graph)).toEqual([])
  })

  it('shared/ imports nothing of main/, renderer/, preload/ or the sandbox', () => {
    const { graph } = graphOf(['shared', 'main', 'renderer', 'preload', 'sandbox'])
    const crossing = [...graph].filter(([f]) => f.startsWith('shared/')).flatMap(([f, to]) => to.filter((t) => !t.startsWith('shared/')).map((t) => `${f} → ${t}`))
    expect(crossing).toEqual([])
  })

  it('only the shell (main/index.ts, main/shell/, preload/index.ts) imports electron', () => {
    const { imports } = graphOf(['main', 'shared', 'preload', 'renderer'])
    const importers = [...imports].filter(([, specs]) => specs.some((s) => s === 'electron' || s.startsWith('electron/'))).map(([f]) => f)
    expect(importers.filter((f) => !SHELL.some((re) => re.test(f)))).toEqual([])
    // The rule guards something real: the entry and the preload do import it.
    expect(importers).toEqual(expect.arrayContaining(['main/index.ts', 'preload/index.ts']))
  })
})
