/**
 * Benchmark of the streaming WAV writer: ONE HOUR of 48 kHz mono fed in 20 ms chunks, the way the
 * renderer's AudioWorklet sends them, through conversion, level metering, periodic header patch + fsync.
 * Goals: ≥ 500× real time, and flat memory (the hour is never held). The hour file is deleted after.
 * Run alone: `npx tsx test/bench/wav-writer.ts`.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { openWavWriter } from '../../main/media/wav-writer'
import type { BenchResult } from './types'
import { runAlone } from './report'

const RATE = 48000
const CHUNK_FRAMES = RATE / 50 // 20 ms
const SECONDS = 3600
const MB = 2 ** 20

interface Memory {
  rss: number
  heap: number
}
const memory = (): Memory => {
  const m = process.memoryUsage()
  return { rss: m.rss, heap: m.heapUsed }
}

/** One second of a voice-like test signal (two partials and a slow envelope), reused chunk by chunk. */
function signalChunks(): Float32Array[] {
  const chunks: Float32Array[] = []
  for (let c = 0; c < 50; c++) {
    const chunk = new Float32Array(CHUNK_FRAMES)
    for (let i = 0; i < CHUNK_FRAMES; i++) {
      const t = (c * CHUNK_FRAMES + i) / RATE
      chunk[i] =
        (0.3 * Math.sin(2 * Math.PI * 180 * t) + 0.1 * Math.sin(2 * Math.PI * 2400 * t)) *
        (0.6 + 0.4 * Math.sin(2 * Math.PI * 0.7 * t))
    }
    chunks.push(chunk)
  }
  return chunks
}

export async function benchWavWriter(): Promise<BenchResult[]> {
  const dir = await mkdtemp(join(tmpdir(), 'booth-bench-wav-'))
  const path = join(dir, 'hour.wav')
  try {
    const chunks = signalChunks()
    const total = (SECONDS * RATE) / CHUNK_FRAMES
    const maybeGc = (globalThis as { gc?: () => void }).gc
    maybeGc?.()
    const before = memory()
    const peak = { ...before }
    let clipped = 0
    let waits = 0
    const started = performance.now()
    const writer = await openWavWriter(path, { sampleRate: RATE, channels: 1 })
    for (let i = 0; i < total; i++) {
      clipped += writer.write(chunks[i % chunks.length] as Float32Array).clippedSamples
      // Capture arrives as separate IPC messages, so the disk writes get their turn; here, let them catch up.
      if (writer.queuedBytes > 2 * MB) {
        waits++
        await writer.drain()
      }
      if (i % 500 === 0) {
        const m = memory()
        peak.rss = Math.max(peak.rss, m.rss)
        peak.heap = Math.max(peak.heap, m.heap)
      }
    }
    const stats = await writer.close()
    const wallS = (performance.now() - started) / 1000
    maybeGc?.()
    const after = memory()
    const fileBytes = (await stat(path)).size
    const xRealTime = SECONDS / wallS
    const rssGrowth = (peak.rss - before.rss) / MB
    return [
      {
        name: 'WAV writer: 1 h of 48 kHz mono in 20 ms chunks → 24-bit WAV',
        goal: '≥ 500× real time; memory flat (peak RSS within 64 MiB of the start)',
        pass: xRealTime >= 500 && rssGrowth < 64 && stats.frames === SECONDS * RATE,
        figures: {
          'audio seconds': SECONDS,
          'chunks written': total,
          'wall time s': wallS,
          'x real time': xRealTime,
          'file MiB': fileBytes / MB,
          'frames on disk': stats.frames,
          'clipped samples': clipped,
          'waits for the disk': waits,
          'RSS before MiB': before.rss / MB,
          'RSS peak MiB': peak.rss / MB,
          'RSS after MiB': after.rss / MB,
          'heap before MiB': before.heap / MB,
          'heap peak MiB': peak.heap / MB,
          'heap after MiB': after.heap / MB,
        },
      },
    ]
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runAlone(benchWavWriter)
}
