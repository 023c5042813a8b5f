/**
 * The one Esc rule (renderer/src/app/navigation/esc-layers.ts): the innermost open layer takes Esc, and a
 * job with a take under way is never closed by it. fast-check goes through every scene.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { escAction, type EscScene } from '../../../../renderer/src/app/navigation/esc-layers'

const NOTHING: EscScene = {
  typing: false,
  ownedLayer: false,
  openFold: false,
  message: false,
  peek: false,
  jobOpen: false,
  takeUnderWay: false,
  ticked: false,
}

describe('Esc closes the innermost open thing', () => {
  it('a message over an open job is dismissed, the job stays', () => {
    expect(escAction({ ...NOTHING, jobOpen: true, message: true })).toBe('dismiss-message')
  })
  it('a dialog or the notice centre owns its Esc; a field owns it while typing', () => {
    expect(escAction({ ...NOTHING, jobOpen: true, message: true, ownedLayer: true })).toBe('leave')
    expect(escAction({ ...NOTHING, jobOpen: true, typing: true })).toBe('leave')
  })
  it('an open fold folds before a message is dismissed; the list laid over the job folds before the job closes', () => {
    expect(escAction({ ...NOTHING, jobOpen: true, message: true, openFold: true })).toBe('fold')
    expect(escAction({ ...NOTHING, jobOpen: true, peek: true })).toBe('fold-list')
  })
  it('the job closes only when nothing else is open and no take is under way', () => {
    expect(escAction({ ...NOTHING, jobOpen: true })).toBe('close-job')
    expect(escAction({ ...NOTHING, jobOpen: true, takeUnderWay: true })).toBe('hold')
  })
  it('with no job open, the ticks are cleared; with nothing at all, Esc is left alone', () => {
    expect(escAction({ ...NOTHING, ticked: true })).toBe('clear-ticks')
    expect(escAction(NOTHING)).toBe('leave')
  })
  it('never closes a job with a take under way, and closes it only when no inner layer is open (fast-check)', () => {
    const scene = fc.record({
      typing: fc.boolean(),
      ownedLayer: fc.boolean(),
      openFold: fc.boolean(),
      message: fc.boolean(),
      peek: fc.boolean(),
      jobOpen: fc.boolean(),
      takeUnderWay: fc.boolean(),
      ticked: fc.boolean(),
    })
    fc.assert(
      fc.property(scene, (s) => {
        const action = escAction(s)
        if (s.takeUnderWay) expect(action).not.toBe('close-job')
        if (action === 'close-job') expect(s.typing || s.ownedLayer || s.openFold || s.message || s.peek).toBe(false)
        if (action === 'clear-ticks') expect(s.jobOpen).toBe(false)
      }),
      { numRuns: 500 },
    )
  })
})
