/**
 * Finishing a take (issue 33) is a capability on top of the version engine: main/finish/ uses the
 * read-back only through its public module (main/readback/index.ts), and nothing in main/ imports
 * main/finish/ but the composition root (main/app/): it sits above versions/, audio/ and media/, which it
 * builds on, and reaches the version area through its `finish` port (main/versions/version-handlers.ts).
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

function importedPaths(file: string): string[] {
  const specs = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true).importedFiles.map((f) => f.fileName)
  return specs.filter((s) => s.startsWith('.')).map((s) => relative(ROOT, resolve(ROOT, dirname(file), s)).split('\\').join('/'))
}

const names = (p: string, dir: string) => p === dir || p.startsWith(`${dir}/`)

describe('main/finish/', () => {
  it('imports main/readback/ only through its public module', () => {
    const all = sourceFiles('main/finish').flatMap((f) => importedPaths(f).filter((p) => names(p, 'main/readback')).map((p) => `${f} → ${p}`))
    expect(all.filter((c) => !/→ main\/readback(\/index)?$/.test(c))).toEqual([])
    expect(all.length).toBeGreaterThan(0)
  })

  it('is imported by nothing else in main/ but the composition root', () => {
    const others = sourceFiles('main').filter((f) => !f.startsWith('main/finish/') && !f.startsWith('main/app/'))
    expect(others.flatMap((f) => importedPaths(f).filter((p) => names(p, 'main/finish')).map((p) => `${f} → ${p}`))).toEqual([])
  })
})
