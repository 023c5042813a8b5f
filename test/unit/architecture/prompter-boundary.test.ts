/**
 * The prompter is its own capability beside the read-back (issue 32): main/prompter/ uses the read-back
 * only through its public module (main/readback/index.ts), and the read-back never imports the prompter.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`
    if (e.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : []
  })
}

/** Each relative import of a file, as the repository path it names (no extension). */
function importedPaths(file: string): string[] {
  const specs = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true).importedFiles.map((f) => f.fileName)
  return specs.filter((s) => s.startsWith('.')).map((s) => relative(ROOT, resolve(ROOT, dirname(file), s)).split('\\').join('/'))
}

function crossings(fromDir: string, toDir: string): string[] {
  return sourceFiles(fromDir).flatMap((f) => importedPaths(f).filter((p) => p === toDir || p.startsWith(`${toDir}/`)).map((p) => `${f} → ${p}`))
}

describe('the prompter and the read-back', () => {
  it('main/prompter/ imports main/readback/ only through its public module (index.ts)', () => {
    const all = crossings('main/prompter', 'main/readback')
    expect(all.filter((c) => !/→ main\/readback(\/index)?$/.test(c))).toEqual([])
    // The rule guards something real: the prompter does use the read-back.
    expect(all.length).toBeGreaterThan(0)
  })

  it('main/readback/ never imports main/prompter/', () => {
    expect(crossings('main/readback', 'main/prompter')).toEqual([])
  })
})
