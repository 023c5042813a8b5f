/**
 * The prompter is its own capability beside the read-back (issue 32): main/prompter/ uses the read-back
 * only through its public module (main/readback/index.ts), and the read-back never imports the prompter.
 */
import { describe, expect, it } from 'vitest'
import { crossings, sourceFiles } from './source-files'

describe('the prompter and the read-back', () => {
  it('main/prompter/ imports main/readback/ only through its public module (index.ts)', () => {
    const all = crossings(sourceFiles('main/prompter'), 'main/readback')
    expect(all.filter((c) => !/→ main\/readback(\/index)?$/.test(c))).toEqual([])
    // The rule guards something real: the prompter does use the read-back.
    expect(all.length).toBeGreaterThan(0)
  })

  it('main/readback/ never imports main/prompter/', () => {
    expect(crossings(sourceFiles('main/readback'), 'main/prompter')).toEqual([])
  })
})
