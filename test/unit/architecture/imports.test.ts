/**
 * The layout's rules, checked over the source itself (ESLint holds the same electron and renderer rules per
 * file; this holds the whole graph): main/ has no import cycles, type-only imports included (a circle of
 * types is still a circle a reader has to untangle); neither main/'s folders nor renderer/src's import each
 * other in a circle (each folder is a capability built on the ones below it: the allowed one-way edges are
 * every edge that closes no circle); the renderer, main and shared keep to their sides; and nothing but the
 * shell imports `electron`.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importsOf, namedPath, ROOT, sourceFiles } from './source-files'

const SHELL = [/^main\/index\.ts$/, /^main\/shell\//, /^preload\/index\.ts$/]

/** The repository file a relative import names, or null for packages and files outside the set. */
function resolveImport(from: string, spec: string, files: Set<string>): string | null {
  if (!spec.startsWith('.')) return null
  const base = namedPath(from, spec)
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

/**
 * The folder a file belongs to under `root`: its first folder there (`main/takes/x.ts` → `main/takes`), or
 * `root` itself for a file directly in it (the entry points `main/index.ts`, `main/web.ts`).
 */
export function folderOf(file: string, root: string, filesApart = false): string {
  const rest = file.slice(root.length + 1).split('/')
  return rest.length > 1 ? `${root}/${rest[0]}` : filesApart ? file : root
}

/**
 * The folders under `root` and the folders each imports (itself left out), each edge with the first file
 * import that makes it (`main/takes/a.ts → main/media/b.ts`) so a failure can say why.
 */
export function folderGraph(
  files: Map<string, string[]>,
  root: string,
  filesApart = false,
): { graph: Map<string, string[]>; why: Map<string, string> } {
  const edges = new Map<string, Set<string>>()
  const why = new Map<string, string>()
  const inside = (f: string) => f.startsWith(`${root}/`)
  for (const [from, tos] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    if (!inside(from)) continue
    const a = folderOf(from, root, filesApart)
    if (!edges.has(a)) edges.set(a, new Set())
    for (const to of tos) {
      if (!inside(to)) continue
      const b = folderOf(to, root, filesApart)
      if (a === b) continue
      edges.get(a)?.add(b)
      if (!why.has(`${a} ${b}`)) why.set(`${a} ${b}`, `${from} → ${to}`)
    }
  }
  return { graph: new Map([...edges].map(([f, to]) => [f, [...to].sort()])), why }
}

/** A circle of folders in words: "main/a imports main/b (main/a/x.ts → main/b/y.ts), main/b imports main/a (…)". */
export function cycleInWords(cycle: string[], why: Map<string, string>): string {
  return cycle
    .slice(0, -1)
    .map((a, i) => `${a} imports ${cycle[i + 1]} (${why.get(`${a} ${cycle[i + 1]}`) ?? '?'})`)
    .join(', ')
}

/** A file import left out of the folder graph on purpose: [importing file, imported file, why it stays for now]. */
type KnownEdge = readonly [from: string, to: string, why: string]

/**
 * Renderer imports that point up a folder, kept by name until they are broken: none now (the bridge
 * provider's stores type was the last; each store's module now names its own entry). Tell the lead when
 * one is added. Each must still exist, so a fixed one is struck off here too.
 */
const RENDERER_KNOWN: readonly KnownEdge[] = []

/** Every circle between the folders under `root` (the known edges left out), in words. */
function folderCycles(
  dirs: string[],
  root: string,
  known: readonly KnownEdge[] = [],
  filesApart = false,
): { cycles: string[]; graph: Map<string, string[]>; missing: string[] } {
  const { graph: files } = graphOf(dirs)
  const missing = known.filter(([from, to]) => !files.get(from)?.includes(to)).map(([from, to]) => `${from} → ${to}`)
  const kept = new Map(
    [...files].map(([from, tos]) => [from, tos.filter((to) => !known.some(([f, t]) => f === from && t === to))]),
  )
  const { graph, why } = folderGraph(kept, root, filesApart)
  return { cycles: findCycles(graph).map((c) => cycleInWords(c, why)), graph, missing }
}

function graphOf(dirs: string[]): { graph: Map<string, string[]>; imports: Map<string, string[]> } {
  const list = dirs.flatMap(sourceFiles)
  const files = new Set(list)
  const graph = new Map<string, string[]>()
  const imports = new Map<string, string[]>()
  for (const file of list) {
    const specs = importsOf(readFileSync(join(ROOT, file), 'utf8'))
    imports.set(file, specs)
    graph.set(
      file,
      specs.map((s) => resolveImport(file, s, files)).filter((f): f is string => f !== null),
    )
  }
  return { graph, imports }
}

describe('the import graph', () => {
  it('finds a cycle when there is one, type imports included (the check itself can fail)', () => {
    const a = "import type { B } from './b'\nexport const a = 1"
    const b = "import { a } from './a'\nexport type B = typeof a"
    expect(importsOf(a)).toEqual(['./b'])
    expect(importsOf(b)).toEqual(['./a'])
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'a']])
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([])
  })

  it('finds a circle of folders made of files that form no cycle themselves, and says it in words', () => {
    // x/a → y/b → x/c: no file cycle, but x and y import each other.
    const files = new Map([
      ['m/x/a.ts', ['m/y/b.ts']],
      ['m/y/b.ts', ['m/x/c.ts']],
      ['m/x/c.ts', []],
      ['m/entry.ts', ['m/x/a.ts']],
    ])
    expect(findCycles(files)).toEqual([])
    const { graph, why } = folderGraph(files, 'm')
    expect(graph).toEqual(
      new Map([
        ['m', ['m/x']],
        ['m/x', ['m/y']],
        ['m/y', ['m/x']],
      ]),
    )
    expect(findCycles(graph).map((c) => cycleInWords(c, why))).toEqual([
      'm/x imports m/y (m/x/a.ts → m/y/b.ts), m/y imports m/x (m/y/b.ts → m/x/c.ts)',
    ])
  })

  it('main/ has no import cycles (the takes store, recording and import build on the shelf)', () => {
    const { graph } = graphOf(['main'])
    expect(graph.get('main/takes/take-import.ts')).toContain('main/takes/take-shelf.ts')
    expect(findCycles(graph)).toEqual([])
  })

  it("main/'s folders import each other one way: no circle of folders (the format code in main/media/ is below all)", () => {
    const { cycles, graph } = folderCycles(['main'], 'main')
    // The check sees the real graph: capabilities build on main/media/, which builds on no other folder of main/.
    expect(graph.get('main/takes')).toEqual(
      expect.arrayContaining(['main/media', 'main/audio', 'main/version-records']),
    )
    expect(graph.get('main/versions')).toEqual(expect.arrayContaining(['main/takes', 'main/readback', 'main/media']))
    expect(cycles).toEqual([])
    expect(graph.get('main/media')).toEqual([])
  })

  it("the read-back's stage folders import each other one way: no circle (its files at the top, read-back.ts and tuning.ts among them, each a node)", () => {
    const { cycles, graph } = folderCycles(['main/readback'], 'main/readback', [], true)
    // The check sees the real graph: the stages build on alignment/ and script/, and read-back.ts on the stages.
    expect(graph.get('main/readback/compare')).toEqual(
      expect.arrayContaining(['main/readback/alignment', 'main/readback/certainty']),
    )
    expect(graph.get('main/readback/hearing')).toEqual(
      expect.arrayContaining(['main/readback/alignment', 'main/readback/rivals']),
    )
    expect(graph.get('main/readback/read-back.ts')).toEqual(expect.arrayContaining(['main/readback/compare']))
    expect(cycles).toEqual([])
    expect(graph.get('main/readback/alignment')).toEqual(
      expect.not.arrayContaining(['main/readback/compare', 'main/readback/hearing', 'main/readback/certainty']),
    )
  })

  it("the versions' stage folders import each other one way: no circle (the renderer's arithmetic at the bottom, the ways in at the top)", () => {
    const { cycles, graph } = folderCycles(['main/versions'], 'main/versions', [], true)
    // The check sees the real graph: the operations build on work/, and the ways in (service/) on the operations.
    expect(graph.get('main/versions/service')).toEqual(
      expect.arrayContaining(['main/versions/comps', 'main/versions/fixes', 'main/versions/punch']),
    )
    expect(graph.get('main/versions/fixes')).toEqual(
      expect.arrayContaining(['main/versions/work', 'main/versions/revisions', 'main/versions/cuts']),
    )
    expect(graph.get('main/versions/index.ts')).toEqual(expect.arrayContaining(['main/versions/service']))
    expect(cycles).toEqual([])
    expect(graph.get('main/versions/render') ?? []).toEqual([])
  })

  it("renderer/src's folders import each other one way: no circle of folders", () => {
    const { cycles, graph, missing } = folderCycles(['renderer'], 'renderer/src', RENDERER_KNOWN)
    // The check sees the real graph: the screens build on the shared leaves in ui/, and app/ on the screens.
    expect(graph.get('renderer/src/takes')).toEqual(
      expect.arrayContaining(['renderer/src/ui', 'renderer/src/store', 'renderer/src/reading']),
    )
    expect(graph.get('renderer/src/app')).toEqual(expect.arrayContaining(['renderer/src/jobs', 'renderer/src/takes']))
    expect(missing).toEqual([])
    expect(cycles).toEqual([])
    // The bridge sits below every feature: it names no store and imports no folder of the renderer.
    expect(graph.get('renderer/src/bridge')).toEqual([])
  })

  it.each([
    ['shared/', ['main/', 'renderer/', 'preload/', 'sandbox/']],
    ['renderer/', ['main/', 'preload/', 'sandbox/']],
    ['main/', ['renderer/']],
    ['preload/', ['renderer/']],
  ])('%s imports nothing of %j', (side, forbidden) => {
    const { graph } = graphOf(['shared', 'main', 'renderer', 'preload', 'sandbox'])
    const crossing = [...graph]
      .filter(([f]) => f.startsWith(side))
      .flatMap(([f, to]) => to.filter((t) => forbidden.some((x) => t.startsWith(x))).map((t) => `${f} → ${t}`))
    expect(crossing).toEqual([])
  })

  it('only the shell (main/index.ts, main/shell/, preload/index.ts) imports electron', () => {
    const { imports } = graphOf(['main', 'shared', 'preload', 'renderer'])
    const importers = [...imports]
      .filter(([, specs]) => specs.some((s) => s === 'electron' || s.startsWith('electron/')))
      .map(([f]) => f)
    expect(importers.filter((f) => !SHELL.some((re) => re.test(f)))).toEqual([])
    // The rule guards something real: the entry and the preload do import it.
    expect(importers).toEqual(expect.arrayContaining(['main/index.ts', 'preload/index.ts']))
  })
})
