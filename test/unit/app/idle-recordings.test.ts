/**
 * A take whose page went away (main/app/idle-recordings.ts): stopped as Stop would once it received no
 * chunk for the limit, so what was recorded is kept; a take still receiving chunks is left recording, and
 * a take stopped or cancelled by its page is never stopped again. The clock is the test's.
 */
import { describe, expect, it } from 'vitest'
import { STOPPED_WHILE_AWAY, stopIdleRecordings } from '../../../main/app/idle-recordings'
import type { BridgeHandlers } from '../../../main/bridge/dispatch'

type Calls = Pick<BridgeHandlers, 'startRecording' | 'appendRecording' | 'stopRecording' | 'cancelRecording'>

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

function recordingCalls() {
  const stopped: Array<{ takeId: string; appended?: number }> = []
  let n = 0
  return {
    stopped,
    calls: {
      startRecording: async () => ({ takeId: `take-${++n}` }),
      appendRecording: async () => ({ peakDbfs: -20, rmsDbfs: -30, clipped: false, live: null }),
      stopRecording: async (a: { takeId: string; appended?: number }) => {
        stopped.push(a)
        return { id: a.takeId } as never
      },
      cancelRecording: async () => null,
    },
  }
}

const start = { jobId: 'job-1', sampleRate: 48_000, channels: 1 }

describe('recordings whose page went away', () => {
  it('stops the take that received nothing for the limit, as Stop would, and leaves the one still receiving', async () => {
    let clock = 0
    const info: string[] = []
    const inner = recordingCalls()
    const idle = stopIdleRecordings(inner.calls as unknown as Calls, {
      idleMs: 1000,
      everyMs: 5,
      now: () => clock,
      info: (m) => info.push(m),
      warn: () => undefined,
    })
    try {
      const { takeId: gone } = await idle.calls.startRecording(start)
      const { takeId: live } = await idle.calls.startRecording(start)
      clock = 999
      await idle.calls.appendRecording({ takeId: live, pcmBase64: 'AAAAAA==' })
      clock = 1001
      await until(() => inner.stopped.length > 0, 'the idle take to be stopped')
      // The same look judged both takes: only the silent one was stopped, with no count of appends to wait for.
      expect(inner.stopped).toEqual([{ takeId: gone }])
      expect(info[0]).toMatch(/window went away/)
      // Its page back after all (a computer that slept): told why in words, for a chunk and for Stop.
      await expect(idle.calls.appendRecording({ takeId: gone, pcmBase64: 'AAAAAA==' })).rejects.toMatchObject({
        kind: 'recording_stopped',
        message: STOPPED_WHILE_AWAY,
      })
      await expect(idle.calls.stopRecording({ takeId: gone })).rejects.toMatchObject({
        kind: 'recording_stopped',
        message: STOPPED_WHILE_AWAY,
      })
      // The page of the other one stops it itself later: stopped once, by the page.
      await idle.calls.stopRecording({ takeId: live, appended: 1 })
      clock = 10_000
      await new Promise((r) => setTimeout(r, 30))
      expect(inner.stopped).toEqual([{ takeId: gone }, { takeId: live, appended: 1 }])
    } finally {
      idle.close()
    }
  })

  it('never stops a take its page cancelled, and no take after Booth began quitting', async () => {
    let clock = 0
    const inner = recordingCalls()
    const idle = stopIdleRecordings(inner.calls as unknown as Calls, {
      idleMs: 100,
      everyMs: 5,
      now: () => clock,
      info: () => undefined,
      warn: () => undefined,
    })
    const { takeId } = await idle.calls.startRecording(start)
    await idle.calls.cancelRecording({ takeId })
    idle.close()
    await idle.calls.startRecording(start)
    clock = 1000
    await new Promise((r) => setTimeout(r, 30))
    expect(inner.stopped).toEqual([])
  })

  it('a stop that fails is logged, never thrown into the timer', async () => {
    let clock = 0
    const warned: string[] = []
    const inner = recordingCalls()
    inner.calls.stopRecording = async () => {
      throw new Error('the disk is full')
    }
    const idle = stopIdleRecordings(inner.calls as unknown as Calls, {
      idleMs: 100,
      everyMs: 5,
      now: () => clock,
      info: () => undefined,
      warn: (m) => warned.push(m),
    })
    try {
      await idle.calls.startRecording(start)
      clock = 200
      await until(() => warned.length > 0, 'the failed stop to be logged')
      expect(warned[0]).toMatch(/could not be stopped/)
    } finally {
      idle.close()
    }
  })
})
