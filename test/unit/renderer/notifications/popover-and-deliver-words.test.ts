/**
 * Two pure rules of the workspace: where a popover opened from a button goes (inside the window, for any
 * button position and window size), and why a Deliver is off (every case of the job and of the take).
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { placePopover, POPOVER_MARGIN } from '../../../../renderer/src/notifications/popover-place'
import { deliverOff, jobDeliverOff, takeDeliverOff } from '../../../../renderer/src/takes/delivery/deliver-readiness'
import type { TakeView } from '../../../../shared/bridge-takes'

describe('placePopover', () => {
  it('lies inside the window wherever the button is, whatever the window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 200, max: 4000 }),
        fc.integer({ min: 200, max: 3000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 50, max: 800 }),
        (w, h, fx, fy, wanted) => {
          const left = fx * (w - 30)
          const top = fy * (h - 30)
          const p = placePopover({ left, top, right: left + 30, bottom: top + 30 }, { width: w, height: h }, wanted)
          expect(p.left).toBeGreaterThanOrEqual(POPOVER_MARGIN)
          expect(p.left + p.width).toBeLessThanOrEqual(w - POPOVER_MARGIN + 1e-9)
          expect(p.top).toBeGreaterThanOrEqual(POPOVER_MARGIN)
          expect(p.top + p.maxHeight).toBeLessThanOrEqual(h - POPOVER_MARGIN + 1e-9)
          expect(p.width).toBeLessThanOrEqual(wanted)
        },
      ),
    )
  })

  it('opens under the button, at its left edge, when there is room', () => {
    expect(placePopover({ left: 100, top: 10, right: 130, bottom: 40 }, { width: 1280, height: 720 }, 360)).toEqual({
      left: 100,
      top: 44,
      width: 360,
      maxHeight: 720 - 8 - 44,
    })
  })

  it('moves left from a button near the right edge', () => {
    expect(placePopover({ left: 1250, top: 10, right: 1270, bottom: 40 }, { width: 1280, height: 720 }, 360).left).toBe(
      1280 - 8 - 360,
    )
  })
})

const take = (over: Partial<TakeView> = {}): TakeView =>
  ({
    state: 'ready',
    preflight: { measured: true },
    delivery: { status: 'none' },
    ...over,
  }) as unknown as TakeView

const job = (over: Record<string, unknown> = {}) =>
  ({
    can: { deliver: false },
    status: 'pending',
    stage: 'accepted',
    spot_cancelled: false,
    deliver_notice: 'none',
    ...over,
  }) as unknown as Parameters<typeof jobDeliverOff>[0]

describe('why a Deliver is off', () => {
  it('says nothing when the job takes a delivery and the take is ready', () => {
    expect(deliverOff(job({ can: { deliver: true } }), take(), null)).toBeNull()
  })

  it('names what Booth can see of the job', () => {
    expect(jobDeliverOff(job({ status: 'declined' }))).toBe('this job was declined.')
    expect(jobDeliverOff(job({ deliver_notice: 'declined' }))).toBe('this job was declined.')
    expect(jobDeliverOff(job({ status: 'completed' }))).toBe('this job is complete.')
    expect(jobDeliverOff(job({ spot_cancelled: true }))).toBe('the producer cancelled this spot.')
    expect(jobDeliverOff(job({ stage: 'viewed' }))).toBe(
      'the job is not accepted yet, and the service takes no delivery for it now.',
    )
    expect(jobDeliverOff(job({ stage: 'sent' }))).toBe(
      'the job is not accepted yet, and the service takes no delivery for it now.',
    )
    expect(jobDeliverOff(job())).toBe('the service takes no delivery for this job now.')
  })

  it('names what is wrong with the take first', () => {
    expect(takeDeliverOff(take({ state: 'recording' }), null)).toBe('it is still recording.')
    expect(takeDeliverOff(take({ state: 'recovered' }), null)).toContain('keep it (or discard it) first')
    expect(takeDeliverOff(take({ preflight: null }), null)).toContain('has not measured it')
    expect(takeDeliverOff(take({ delivery: { status: 'queued' } as TakeView['delivery'] }), null)).toBe(
      'it is already on its way to the producer.',
    )
    expect(deliverOff(job({ status: 'completed' }), take({ preflight: null }), null)).toContain('has not measured it')
  })
})
