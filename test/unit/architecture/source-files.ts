/** What the architecture tests read: the repository's TypeScript sources, and the relative imports of each. */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

/** Every .ts/.tsx file under `dir` (a repository path), as repository paths; declaration files left out. */
export function sourceFiles(dir: string): string[] {
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

/** The repository path a relative import `spec` in `file` names, as written (no extension added). */
export function namedPath(file: string, spec: string): string {
  return relative(ROOT, resolve(ROOT, dirname(file), spec))
    .split('\\')
    .join('/')
}

/** Each relative import of a file, as the repository path it names (no extension added). */
export function importedPaths(file: string): string[] {
  return importsOf(readFileSync(join(ROOT, file), 'utf8'))
    .filter((s) => s.startsWith('.'))
    .map((s) => namedPath(file, s))
}

/** Each import from one of `files` into `toDir` (a repository path), as "file → path". */
export function crossings(files: readonly string[], toDir: string): string[] {
  return files.flatMap((f) =>
    importedPaths(f)
      .filter((p) => p === toDir || p.startsWith(`${toDir}/`))
      .map((p) => `${f} → ${p}`),
  )
}
