import { afterEach, describe, expect, it, vi } from 'vitest'
import { runQuitSteps } from '../../../main/app/quit-steps'

afterEach(() => vi.useRealTimers())

describe('runQuitSteps', () => {
  it('runs the steps in order, and a step that fails is named while the next still runs', async () => {
    const ran: string[] = []
    const warnings: string[] = []
    await runQuitSteps(
      [
        ['first', () => void ran.push('first')],
        ['broken', () => Promise.reject(new Error('disk gone'))],
        ['last', async () => void ran.push('last')],
      ],
      { warn: (message) => warnings.push(message) },
    )
    expect(ran).toEqual(['first', 'last'])
    expect(warnings).toEqual(['quitting: broken failed'])
  })

  it('names a step that takes long, again after each wait, and stops naming it once it ends', async () => {
    vi.useFakeTimers()
    let finish: () => void = () => undefined
    const warnings: Array<{ message: string; waitedMs: unknown }> = []
    const done = runQuitSteps([['the uploads', () => new Promise<void>((r) => (finish = r))]], {
      warn: (message, fields) => warnings.push({ message, waitedMs: fields['waitedMs'] }),
      warnAfterMs: 5_000,
    })
    await vi.advanceTimersByTimeAsync(4_999)
    expect(warnings).toEqual([])
    await vi.advanceTimersByTimeAsync(5_001)
    expect(warnings).toEqual([
      { message: 'quitting is still waiting for the uploads', waitedMs: 5_000 },
      { message: 'quitting is still waiting for the uploads', waitedMs: 10_000 },
    ])
    finish()
    await done
    await vi.advanceTimersByTimeAsync(20_000)
    expect(warnings).toHaveLength(2)
  })
})
