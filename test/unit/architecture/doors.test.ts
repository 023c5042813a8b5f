/**
 * Two capabilities are entered by their doors only (issue 43): from anywhere outside main/versions, an import
 * of the version engine names main/versions/index.ts, and from anywhere outside main/readback, an import of
 * the read-back names main/readback/index.ts — never a stage folder or a file beside the door. Booth's own
 * sources are held to it (main/, scripts/, sandbox/, shared/, preload/, renderer/); the tests under test/ are
 * exempt, since a stage is tested by its own files.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { crossings, ROOT, sourceFiles } from './source-files'

const SOURCES = ['main', 'scripts', 'sandbox', 'shared', 'preload', 'renderer']

/** The crossings (from crossings()) into `dir` that pass its door (`dir`/index.ts) by. */
export function pastTheDoor(all: readonly string[], dir: string): string[] {
  const door = new RegExp(`→ ${dir.replace(/[/.]/g, '\\$&')}(/index)?$`)
  return all.filter((c) => !door.test(c))
}

/** Every import from Booth's sources outside `dir` into `dir`, as "file → path". */
function importsInto(dir: string): string[] {
  const outside = SOURCES.flatMap(sourceFiles).filter((f) => !f.startsWith(`${dir}/`))
  return crossings(outside, dir)
}

describe('doors', () => {
  it('finds an import that passes a door by (the check itself can fail)', () => {
    const all = [
      'main/finish/a.ts → main/versions/index',
      'main/app/b.ts → main/versions',
      'main/finish/c.ts → main/versions/store/recordings',
      'main/finish/d.ts → main/versions-old/x',
    ]
    expect(pastTheDoor(all, 'main/versions')).toEqual([
      'main/finish/c.ts → main/versions/store/recordings',
      'main/finish/d.ts → main/versions-old/x',
    ])
  })

  it.each(['main/versions', 'main/readback'])('%s is entered through its index.ts only', (dir) => {
    const all = importsInto(dir)
    expect(pastTheDoor(all, dir)).toEqual([])
    // The rule guards something real: the rest of Booth does use it (the composition root among them).
    expect(all).toEqual(expect.arrayContaining([`main/app/compose.ts → ${dir}/index`]))
  })

  it('main/versions holds its door, its README and its stage folders, and no other file at the top', () => {
    const top = readdirSync(join(ROOT, 'main/versions'), { withFileTypes: true })
    expect(
      top
        .filter((e) => !e.isDirectory())
        .map((e) => e.name)
        .sort(),
    ).toEqual(['README.md', 'index.ts'])
    expect(top.filter((e) => e.isDirectory()).length).toBeGreaterThan(1)
  })
})
