/**
 * A take belongs to the window that started it (main/app/idle-recordings.ts, bridge/caller.ts): when main
 * hears that window is gone (closed, reloaded, crashed) its takes are stopped at once — what was recorded
 * kept, said to every window — and no other window's take is touched; a window that is there but slow
 * keeps its take however long it sends nothing; a punch-and-roll's recording is let go as a punch.
 */
import { describe, expect, it } from 'vitest'
import { STOPPED_WHILE_AWAY, stopIdleRecordings } from '../../../main/app/idle-recordings'
import { asCallFrom } from '../../../main/bridge/caller'
import type { BridgeHandlers } from '../../../main/bridge/dispatch'
import type { CutShortTake } from '../../../shared/bridge-takes'

type Calls = Pick<BridgeHandlers, 'startRecording' | 'appendRecording' | 'stopRecording' | 'cancelRecording'>

function recordingCalls() {
  const stopped: string[] = []
  let n = 0
  return {
    stopped,
    calls: {
      startRecording: async () => ({ takeId: `take-${++n}` }),
      appendRecording: async () => ({ peakDbfs: -20, rmsDbfs: -30, clipped: false, live: null }),
      stopRecording: async (a: { takeId: string }) => {
        stopped.push(a.takeId)
        return {
          id: a.takeId,
          job_id: 'job-1',
          file_name: `ACME_main_0${a.takeId.slice(-1)}.wav`,
          take_number: 1,
          label: 'main',
          state: 'ready',
          preflight: { duration_s: 3.2 },
        } as never
      },
      cancelRecording: async () => null,
    } as unknown as Calls,
  }
}

const start = { jobId: 'job-1', sampleRate: 48_000, channels: 1 }

function owned(o: { alive?: Set<string>; punch?: CutShortTake['punch']; clock?: { t: number } } = {}) {
  const inner = recordingCalls()
  const said: CutShortTake[] = []
  const clock = o.clock ?? { t: 0 }
  const idle = stopIdleRecordings(inner.calls, {
    idleMs: 1000,
    everyMs: 5,
    now: () => clock.t,
    info: () => undefined,
    warn: () => undefined,
    ownerAlive: (owner) => o.alive?.has(owner) === true,
    letGoPunch: async (takeId) => (takeId === 'take-1' ? (o.punch ?? null) : null),
    cutShort: (t) => said.push(t),
  })
  return { inner, said, idle, clock }
}

describe('a recording belongs to the window that started it', () => {
  it('stops the takes of a window that went, at once, and says how; another window keeps recording', async () => {
    const { inner, said, idle } = owned()
    try {
      const a = await asCallFrom('tab:aaaaaaaa', () => idle.calls.startRecording(start))
      const b = await asCallFrom('tab:bbbbbbbb', () => idle.calls.startRecording(start))
      await idle.pageGone('tab:aaaaaaaa', 'closed')
      expect(inner.stopped).toEqual([a.takeId])
      expect(said).toEqual([
        expect.objectContaining({
          take_id: a.takeId,
          job_id: 'job-1',
          cause: 'closed',
          punch: null,
          take: expect.objectContaining({ state: 'ready', file_name: 'ACME_main_01.wav' }),
        }),
      ])
      // A chunk still on its way from the page that went is not written and raises nothing on a page unloading;
      // its Stop, racing its going, is answered with the take as kept (stopped once). The other take still records.
      await expect(
        asCallFrom('tab:aaaaaaaa', () => idle.calls.appendRecording({ takeId: a.takeId, pcmBase64: 'AAAAAA==' })),
      ).resolves.toMatchObject({ peakDbfs: -Infinity })
      await expect(
        asCallFrom('tab:aaaaaaaa', () => idle.calls.stopRecording({ takeId: a.takeId })),
      ).resolves.toMatchObject({ id: a.takeId, state: 'ready' })
      expect(inner.stopped).toEqual([a.takeId])
      await asCallFrom('tab:bbbbbbbb', () => idle.calls.appendRecording({ takeId: b.takeId, pcmBase64: 'AAAAAA==' }))
      // The same window going again (a beacon, then its stream closing) stops nothing more.
      await idle.pageGone('tab:aaaaaaaa', 'went_away')
      expect(inner.stopped).toEqual([a.takeId])
      expect(said).toHaveLength(1)
    } finally {
      idle.close()
    }
  })

  it('answers the going page’s chunk and Stop that arrive while its take is still being stopped as ones after it', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((r) => (release = r))
    const inner = recordingCalls()
    const slow = {
      ...inner.calls,
      stopRecording: async (a: { takeId: string }) => {
        await gate
        return inner.calls.stopRecording(a)
      },
    } as typeof inner.calls
    const idle = stopIdleRecordings(slow, { idleMs: 1000, everyMs: 5, info: () => undefined, warn: () => undefined })
    try {
      const { takeId } = await asCallFrom('tab:dddddddd', () => idle.calls.startRecording(start))
      const going = idle.pageGone('tab:dddddddd', 'went_away')
      // The take is being stopped (writing and measuring it takes a while): the page's last chunk and Stop come now.
      await expect(
        asCallFrom('tab:dddddddd', () => idle.calls.appendRecording({ takeId, pcmBase64: 'AAAAAA==' })),
      ).resolves.toMatchObject({ peakDbfs: -Infinity })
      const stop = asCallFrom('tab:dddddddd', () => idle.calls.stopRecording({ takeId }))
      release()
      await going
      await expect(stop).resolves.toMatchObject({ id: takeId, state: 'ready' })
      expect(inner.stopped).toEqual([takeId])
    } finally {
      idle.close()
    }
  })

  it('tells a page that is there again (it was only away) in words that its take stopped without it', async () => {
    const alive = new Set<string>()
    const { inner, idle } = owned({ alive })
    try {
      const { takeId } = await asCallFrom('tab:cccccccc', () => idle.calls.startRecording(start))
      await idle.pageGone('tab:cccccccc', 'went_away')
      alive.add('tab:cccccccc')
      await expect(asCallFrom('tab:cccccccc', () => idle.calls.stopRecording({ takeId }))).rejects.toMatchObject({
        message: STOPPED_WHILE_AWAY,
      })
      expect(inner.stopped).toEqual([takeId])
    } finally {
      idle.close()
    }
  })

  it('never stops for silence the take of a window that is there, however slow; stops it once the window is not', async () => {
    const alive = new Set(['window:1'])
    const { inner, said, idle, clock } = owned({ alive })
    try {
      const { takeId } = await asCallFrom('window:1', () => idle.calls.startRecording(start))
      clock.t = 60_000
      await new Promise((r) => setTimeout(r, 40))
      expect(inner.stopped).toEqual([])
      alive.delete('window:1')
      await expect.poll(() => inner.stopped).toEqual([takeId])
      expect(said.map((t) => t.cause)).toEqual(['unheard'])
    } finally {
      idle.close()
    }
  })

  it('a page that came back and stops the take another page recorded finds it cut short, said once', async () => {
    const { inner, said, idle } = owned()
    try {
      const { takeId } = await asCallFrom('tab:oldoldold', () => idle.calls.startRecording(start))
      // Answered with the take as kept (not an error), and stopped once.
      await expect(asCallFrom('tab:newnewnew', () => idle.calls.stopRecording({ takeId }))).resolves.toMatchObject({
        id: takeId,
        state: 'ready',
      })
      await expect(asCallFrom('tab:newnewnew', () => idle.calls.stopRecording({ takeId }))).resolves.toMatchObject({
        id: takeId,
      })
      expect(inner.stopped).toEqual([takeId])
      expect(said.map((t) => [t.take_id, t.cause])).toEqual([[takeId, 'went_away']])
      // Its own window stopping it is an ordinary Stop, said nowhere.
      const own = await asCallFrom('tab:newnewnew', () => idle.calls.startRecording(start))
      await asCallFrom('tab:newnewnew', () => idle.calls.stopRecording({ takeId: own.takeId }))
      expect(said).toHaveLength(1)
    } finally {
      idle.close()
    }
  })

  it('a punch-and-roll whose window went is let go as a punch: its recording kept as its own pickup, and said so', async () => {
    const punch = { into_take_id: 'take-0', into_name: 'ACME_main_03', sentence: 2 }
    const { inner, said, idle } = owned({ punch })
    try {
      const { takeId } = await asCallFrom('window:7', () => idle.calls.startRecording({ ...start, label: 'pickup' }))
      await idle.pageGone('window:7', 'reloaded')
      expect(inner.stopped).toEqual([takeId])
      expect(said).toEqual([expect.objectContaining({ take_id: takeId, cause: 'reloaded', punch })])
    } finally {
      idle.close()
    }
  })
})
