/**
 * Finishing a take (issue 33) is a capability on top of the version engine: main/finish/ uses the
 * read-back only through its public module (main/readback/index.ts), and nothing in main/ imports
 * main/finish/ but the composition root (main/app/): it sits above versions/, audio/ and media/, which it
 * builds on, and reaches the version area through its `finish` port (main/versions/service/version-handlers.ts).
 */
import { describe, expect, it } from 'vitest'
import { crossings, sourceFiles } from './source-files'

describe('main/finish/', () => {
  it('imports main/readback/ only through its public module', () => {
    const all = crossings(sourceFiles('main/finish'), 'main/readback')
    expect(all.filter((c) => !/→ main\/readback(\/index)?$/.test(c))).toEqual([])
    expect(all.length).toBeGreaterThan(0)
  })

  it('is imported by nothing else in main/ but the composition root', () => {
    const others = sourceFiles('main').filter((f) => !f.startsWith('main/finish/') && !f.startsWith('main/app/'))
    expect(crossings(others, 'main/finish')).toEqual([])
  })
})
