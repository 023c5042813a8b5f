/**
 * The house's sizes, held by the test command (Prettier prints code at 120 columns but cannot break a
 * string, a regular expression or a comment): no line of Booth's sources or tests over 160 characters, and
 * no source file over 350 lines (aim under 300), the API types generated from the OpenAPI document aside.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT, sourceFiles } from './source-files'

const SOURCES = ['main', 'renderer', 'shared', 'preload', 'sandbox', 'scripts'].flatMap((d) => sourceFiles(d))
const GENERATED = new Set(['shared/api/talent-v1.ts'])
const lines = (file: string) => readFileSync(join(ROOT, file), 'utf8').split('\n')

describe('file sizes', () => {
  it('no line of a source or test file runs over 160 characters', () => {
    const long = [...SOURCES, ...sourceFiles('test')]
      .filter((f) => !GENERATED.has(f))
      .flatMap((f) => lines(f).flatMap((l, i) => (l.length > 160 ? [`${f}:${i + 1} (${l.length})`] : [])))
    expect(long).toEqual([])
  })

  it('no source file is over 350 lines', () => {
    const big = SOURCES.filter((f) => !GENERATED.has(f)).flatMap((f) => {
      const n = lines(f).length - 1
      return n > 350 ? [`${f} (${n} lines)`] : []
    })
    expect(big).toEqual([])
  })

  it('finds what it looks for (the sources are read, the generated types are the one exception)', () => {
    expect(SOURCES.length).toBeGreaterThan(500)
    expect(SOURCES).toContain('shared/api/talent-v1.ts')
    expect(lines('shared/api/talent-v1.ts').length).toBeGreaterThan(350)
  })
})
