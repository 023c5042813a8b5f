/** Why a take's trim cannot change in the window: delivered, being sent, or queued — and never otherwise. */
import { describe, expect, it } from 'vitest'
import { trimOffReason } from '../../../../renderer/src/takes/trim-math'

const take = (status: string, queued = false, upload = 'none') => ({
  delivery: { status, queued },
  upload: { status: upload },
})

describe('trimOffReason', () => {
  it('names why in a sentence', () => {
    expect(trimOffReason(take('delivered'), 'ACME_main_03')).toBe(
      'ACME_main_03 was delivered as it is; its trim can no longer change.',
    )
    expect(trimOffReason(take('sending'), 'Take 3')).toBe(
      'Take 3 is being sent with this trim; it can no longer change.',
    )
    expect(trimOffReason(take('none', false, 'uploading'), 'Take 3')).toBe(
      'Take 3 is being sent with this trim; it can no longer change.',
    )
    expect(trimOffReason(take('none', true), 'Take 3')).toBe(
      'Take 3 is in the delivery queue with this trim; cancel that delivery to change it.',
    )
  })
  it('is null for a take that can be trimmed', () => {
    expect(trimOffReason(take('none'), 'Take 3')).toBeNull()
    expect(trimOffReason(take('failed'), 'Take 3')).toBeNull()
  })
})
