/**
 * Stop-to-check latency: how long after the person presses Stop the take's check (its preflight) is
 * sent to the window (the takeChecked event), for takes of 10 s, 2 min and 10 min recorded through the
 * real recording handlers (base64 float32 chunks of 100 ms → streaming 24-bit WAV writer + running
 * measurement). Beside it, when Stop answers the saved take (the WAV closed and synced, the metadata
 * written), and the time the ffmpeg reference pass takes on the same file (what stopping cost before the
 * running measurement).
 * Goal: under 100 ms for every length. Run alone: `npx tsx test/bench/stop-to-check.ts`.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { measureTake } from '../../main/audio/measure-take'
import { createRecordingCalls } from '../../main/takes/recording-handlers'
import { TakeStore } from '../../main/takes/take-store'
import { makeTempDir } from '../support/audio-fixtures'
import type { BenchResult } from './types'
import { runAlone } from './report'

const RATE = 48_000
const CHUNK_S = 0.1
const LENGTHS_S = [10, 120, 600]
const GOAL_MS = 100

/** Voice-like 100 ms chunks (two partials, a slow envelope, pauses every few seconds) over room tone, as base64 float32. */
export function voiceLikeChunks(rate = RATE, count = 60): string[] {
  const frames = Math.round(rate * CHUNK_S)
  const out: string[] = []
  for (let c = 0; c < count; c++) {
    const x = new Float32Array(frames)
    for (let i = 0; i < frames; i++) {
      const t = (c * frames + i) / rate
      const voiced = t % 3 < 2.2 ? 1 : 0
      x[i] =
        voiced *
          (0.25 * Math.sin(2 * Math.PI * 180 * t) + 0.08 * Math.sin(2 * Math.PI * 2400 * t)) *
          (0.6 + 0.4 * Math.sin(2 * Math.PI * 0.7 * t)) +
        0.0005 * (Math.random() * 2 - 1)
    }
    out.push(Buffer.from(x.buffer).toString('base64'))
  }
  return out
}

export async function benchStopToCheck(): Promise<BenchResult[]> {
  const { dir, cleanup } = await makeTempDir('booth-bench-stop-')
  try {
    const store = new TakeStore({ dataDir: dir, measure: measureTake })
    // Main's own reference pass follows Stop after a short delay and reports through `changed`: the bench
    // waits for it before timing its own, so the two never share the cores (nor outlive the folder).
    let onChange: (() => void) | null = null
    let checkedAt = Number.NaN
    const calls = createRecordingCalls(
      store,
      async () => ({ stem: 'BENCH', spotLengthS: null, kind: 'dry_voice' }),
      () => onChange?.(),
      async () => null,
      () => {
        checkedAt = performance.now()
      },
    )
    const source = voiceLikeChunks()
    const figures: Record<string, string | number> = {}
    let worst = 0
    for (const seconds of LENGTHS_S) {
      const { takeId } = await calls.start({ jobId: '7', sampleRate: RATE, channels: 1 })
      for (let i = 0; i < seconds / CHUNK_S; i++) {
        await calls.append({ takeId, pcmBase64: source[i % source.length] as string })
        // A capture arrives in real time; here it comes far faster, so give the disk its turn now and then.
        if (i % 25 === 24) await new Promise((r) => setTimeout(r, 25))
      }
      const t = performance.now()
      const take = await calls.stop({ takeId })
      const savedMs = performance.now() - t
      const stopMs = checkedAt - t
      if (!take.preflight?.measured) throw new Error(`The ${seconds} s take had no check at stop.`)
      // (main's delay timer is unref'd: this one keeps the bench's process alive meanwhile)
      const keepAlive = setInterval(() => {}, 1000)
      await new Promise<void>((resolve) => {
        onChange = resolve
      })
      clearInterval(keepAlive)
      onChange = null
      const r = performance.now()
      const reference = await store.remeasure(takeId)
      const referenceMs = performance.now() - r
      worst = Math.max(worst, stopMs)
      const label = seconds >= 60 ? `${seconds / 60} min` : `${seconds} s`
      figures[`${label}: stop → check sent (ms)`] = stopMs
      figures[`${label}: stop → saved (ms)`] = savedMs
      figures[`${label}: ffmpeg reference pass (ms)`] = referenceMs
      figures[`${label}: running vs reference LUFS`] = `${take.preflight.lufs} / ${reference.preflight?.lufs}`
    }
    return [
      {
        name: 'stop-to-check latency through the recording handlers (running measurement)',
        goal: `the check is sent within ${GOAL_MS} ms of stop for 10 s, 2 min and 10 min takes`,
        pass: worst < GOAL_MS,
        figures,
      },
    ]
  } finally {
    await cleanup()
  }
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  void runAlone(benchStopToCheck)
}
