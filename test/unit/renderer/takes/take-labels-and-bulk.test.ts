import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { TAKE_LABEL_VALUES } from '../../../../shared/bridge-takes'
import { cycleLabel, defaultNextLabel } from '../../../../renderer/src/takes/next-label'
import { takeNameWithLabel } from '../../../../renderer/src/takes/take-numbers'
import { appliesTo, splitForAction } from '../../../../renderer/src/jobs/bulk/bulk-applicability'
import { takeStatusWords } from '../../../../renderer/src/takes/delivery/delivery-words'
import type { TakeView } from '../../../../shared/bridge-takes'

describe('the next take’s label', () => {
  it('is main until the job has a main take, then alt', () => {
    expect(defaultNextLabel([])).toBe('main')
    expect(defaultNextLabel([{ label: 'alt' }, { label: 'safety' }])).toBe('main')
    expect(defaultNextLabel([{ label: 'main' }])).toBe('alt')
  })
  it('cycles through every label and comes back', () => {
    let l = cycleLabel('main')
    const seen = ['main']
    while (l !== 'main') {
      seen.push(l)
      l = cycleLabel(l)
    }
    expect(seen).toEqual([...TAKE_LABEL_VALUES])
  })
  it('renames only the label part of a take name', () => {
    const take = { file_name: 'MAIN_ST_main_03.wav', take_number: 3, label: 'main' }
    expect(takeNameWithLabel(take, 'alt')).toBe('MAIN_ST_alt_03')
    expect(takeNameWithLabel({ file_name: 'odd.wav', take_number: 1, label: 'main' }, 'alt')).toBe('odd')
  })
})

describe('bulk actions', () => {
  const job = (stage: string, status = 'pending', spot_cancelled = false) =>
    ({ stage, status, spot_cancelled }) as Parameters<typeof appliesTo>[1]
  it('accept applies only to pending jobs not yet accepted', () => {
    expect(appliesTo('accept', job('sent'))).toBe(true)
    expect(appliesTo('accept', job('viewed'))).toBe(true)
    for (const s of ['accepted', 'changes_requested', 'delivered', 'completed', 'approved', 'declined'])
      expect(appliesTo('accept', job(s))).toBe(false)
    expect(appliesTo('accept', job('sent', 'pending', true))).toBe(false)
    expect(appliesTo('accept', job('sent', 'declined'))).toBe(false)
  })
  it('decline applies to pending jobs not yet delivered', () => {
    for (const s of ['sent', 'viewed', 'accepted', 'changes_requested']) expect(appliesTo('decline', job(s))).toBe(true)
    for (const s of ['delivered', 'completed', 'approved']) expect(appliesTo('decline', job(s))).toBe(false)
  })
  it('splits any ticked set into what it acts on and a count of the rest', () => {
    const stages = ['sent', 'viewed', 'accepted', 'changes_requested', 'delivered', 'completed', 'approved', 'declined']
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...stages), { maxLength: 30 }), (list) => {
        const jobs = list.map((s) => job(s))
        const split = splitForAction('accept', jobs)
        expect(split.jobs.every((j) => appliesTo('accept', j))).toBe(true)
        const out = jobs.length - split.jobs.length
        expect(split.leftOut).toBe(out === 0 ? null : `${out} left out: already accepted or not open to accepting`)
      }),
    )
  })
})

describe('a sent take’s status', () => {
  const take = {
    state: 'ready',
    delivery: { status: 'delivered', delivery_id: 'd1' },
    upload: { status: 'uploaded' },
  } as unknown as TakeView
  it('is the service’s own word, not Booth’s', () => {
    expect(takeStatusWords(take, null, true, { status: 'storing' } as never)?.text).toBe('Storing')
    expect(takeStatusWords(take, null, true, { status: 'changes_requested' } as never)?.text).toBe('Changes requested')
    expect(takeStatusWords(take, null, true, null)?.text).toBe('Sent, waiting for the service’s answer')
  })
})
