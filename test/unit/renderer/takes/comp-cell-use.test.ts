/** The comp grid offers only the cells it can use (issue 41); an unusable one says why. */
import { describe, expect, it } from 'vitest'
import type { CompCellView } from '../../../../shared/versions/types'
import { cellUse } from '../../../../renderer/src/takes/versions/comp-grid-model'

const cell = (fields: Partial<CompCellView>): CompCellView => ({
  takeId: 't1',
  state: 'clean',
  issues: [],
  lufs: -16,
  true_peak_dbtp: -1.2,
  length_s: 2.4,
  ...fields,
})

describe('which comp cells can be picked', () => {
  it('a clean reading, and a flubbed one, can be picked (the talent may prefer it)', () => {
    expect(cellUse(cell({}))).toEqual({ usable: true, why: null })
    expect(cellUse(cell({ state: 'issues', issues: ['“four” sounded like “for”'] }))).toEqual({
      usable: true,
      why: null,
    })
  })

  it('a sentence the take does not read, or read from an older script, cannot be, and says why', () => {
    expect(cellUse(cell({ state: 'not_read' }))).toEqual({
      usable: false,
      why: 'Cannot be picked: this take does not read this sentence.',
    })
    expect(cellUse(cell({ state: 'not_read', issues: ['The sentence changed in revision 2.'] }))).toEqual({
      usable: false,
      why: 'Cannot be picked: this take was read from an older script. The sentence changed in revision 2.',
    })
    expect(cellUse(undefined).usable).toBe(false)
  })
})
