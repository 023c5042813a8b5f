/**
 * Finish benchmark (`npm run bench -- finish`): finishing a 10-minute 48 kHz/24-bit take (fit to a spot
 * 20 s shorter, clicks and breaths in its pauses, levelled) against a hand two-pass ffmpeg `loudnorm` of
 * the same file (a measuring pass, then the linear pass with the measured figures), both timed in the same
 * run. Goal: the finish at most 1.0× the loudnorm. And the window's figure: how soon a 30 s spot's finished
 * audio can play (firstSound). Wall and CPU seconds (this process and its reaped
 * children, as the versions benchmark reads them) are printed; the ratio is judged on wall time, since
 * the two run the same way (one process each way, ffmpeg or Node) and back to back.
 *
 * Part of `npm run bench`; also runs alone: `npx tsx test/bench/finish.ts`.
 */
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { BUILT_IN_PROFILES } from '../../main/audio/delivery-profiles'
import { runFfmpeg } from '../../main/audio/run-ffmpeg'
import { finishTake } from '../../main/finish/finish-take'
import { makeTempDir } from '../support/audio-fixtures'
import { speakRead } from '../support/voice-reads'
import { BENCH_PAUSES_S, BENCH_SENTENCES as SENTENCES, finishPeakRssMb, loopedTake } from './finish-rss'
import { runAlone } from './report'
import { median, timed } from './timing'
import type { BenchResult } from './types'

const MINUTES = 10

/** The hand two-pass loudnorm to EBU R128 (-23 LUFS, -1 dBTP) in 24 bits: what an editor would run. */
async function twoPassLoudnorm(input: string, output: string): Promise<void> {
  const first = await runFfmpeg([
    '-hide_banner',
    '-nostats',
    '-i',
    input,
    '-af',
    'loudnorm=I=-23:TP=-1:LRA=20:print_format=json',
    '-f',
    'null',
    '-',
  ])
  const json = /\{[^{}]*"input_i"[^{}]*\}/.exec(first.stderr)?.[0]
  if (!json) throw new Error('loudnorm printed no measurement')
  const m = JSON.parse(json) as Record<string, string>
  const second =
    `loudnorm=I=-23:TP=-1:LRA=20:measured_I=${m['input_i']}:measured_TP=${m['input_tp']}:` +
    `measured_LRA=${m['input_lra']}:measured_thresh=${m['input_thresh']}:offset=${m['target_offset']}:linear=true`
  await runFfmpeg([
    '-y',
    '-hide_banner',
    '-nostats',
    '-i',
    input,
    '-af',
    second,
    '-ar',
    '48000',
    '-c:a',
    'pcm_s24le',
    output,
  ])
}

/**
 * The window's figure (issue 33, point 6): the read (about 32 s) finished to a spot 3 s shorter; how long after the
 * call the finished audio is written whole (the window plays it from then: finishVersion offers it while the
 * engine measures it and the version is rendered, measured and read back), against the whole finish. The
 * median of three runs, after one to warm up.
 */
async function firstSound(dir: string, read: { path: string; durationS: number }): Promise<BenchResult> {
  const take = join(dir, 'spot.wav')
  await runFfmpeg(['-y', '-i', read.path, '-c:a', 'pcm_s24le', take])
  // A spot 3 s shorter than the read, in whole seconds (about 30 s).
  const spot = Math.floor(read.durationS - 3)
  const profile = BUILT_IN_PROFILES.find((p) => p.name === 'ebu-r128')
  if (!profile) throw new Error('no EBU R128 profile')
  const runs: Array<{ writtenS: number; wholeS: number }> = []
  for (let i = 0; i < 4; i++) {
    const start = performance.now()
    let writtenS = 0
    await finishTake({
      input: take,
      output: join(dir, `spot-${i}.wav`),
      spotLengthS: spot,
      kind: 'finished_spot',
      profile,
      onWritten: () => {
        writtenS = (performance.now() - start) / 1000
      },
    })
    if (i > 0) runs.push({ writtenS, wholeS: (performance.now() - start) / 1000 })
  }
  const written = median(runs.map((r) => r.writtenS))
  const whole = median(runs.map((r) => r.wholeS))
  return {
    name: `finish a ${read.durationS.toFixed(1)} s take to a ${spot} s spot: the finished audio playable (written whole) vs the whole finish`,
    figures: {
      'playable after s': written.toFixed(2),
      'whole finish s': whole.toFixed(2),
      'playable / whole': (written / whole).toFixed(2),
    },
    goal: 'the finished audio plays within 1 s of the action',
    pass: written <= 1,
  }
}

/**
 * Peak memory against length (issue 42, point 8): the 10-minute take and the same take twice over (20 minutes),
 * each finished in a process of its own (finish-rss.ts). Flat memory would keep the ratio near 1; memory
 * that holds the whole take doubles less the process's own (Node and its modules, about 130 MB).
 */
async function peakMemory(dir: string, take: string): Promise<BenchResult> {
  const longer = join(dir, 'take-20.wav')
  await runFfmpeg(['-y', '-stream_loop', '1', '-i', take, '-c:a', 'pcm_s24le', longer])
  const shortMb = await finishPeakRssMb(take, join(dir, 'rss-10.wav'), MINUTES * 60 - 20)
  await rm(join(dir, 'rss-10.wav'), { force: true })
  const longMb = await finishPeakRssMb(longer, join(dir, 'rss-20.wav'), 2 * MINUTES * 60 - 20)
  await rm(join(dir, 'rss-20.wav'), { force: true })
  await rm(longer, { force: true })
  const ratio = longMb / shortMb
  return {
    name: `peak memory of a finish: the ${MINUTES}-minute take and the same take twice over (${2 * MINUTES} minutes)`,
    figures: {
      [`${MINUTES} min peak RSS MB`]: shortMb,
      [`${2 * MINUTES} min peak RSS MB`]: longMb,
      'ratio (2x the length)': ratio.toFixed(2),
      'MB per minute of take': ((longMb - shortMb) / MINUTES).toFixed(1),
    },
    goal: 'flat: twice the length within 1.2x the peak memory',
    pass: ratio <= 1.2,
  }
}

export async function benchFinish(): Promise<BenchResult[]> {
  const { dir, cleanup } = await makeTempDir('booth-bench-finish-')
  try {
    const read = await speakRead(dir, 'read', SENTENCES, { pausesS: BENCH_PAUSES_S, roomDbfs: -60 })
    const take = join(dir, 'take.wav')
    await loopedTake(read, MINUTES * 60, take)
    const spot = MINUTES * 60 - 20
    const profile = BUILT_IN_PROFILES.find((p) => p.name === 'ebu-r128')
    if (!profile) throw new Error('no EBU R128 profile')
    const loudnorm = await timed(() => twoPassLoudnorm(take, join(dir, 'loudnorm.wav')))
    const finish = await timed(() =>
      finishTake({ input: take, output: join(dir, 'finished.wav'), spotLengthS: spot, kind: 'finished_spot', profile }),
    )
    await rm(join(dir, 'finished.wav'), { force: true })
    const r = finish.value
    const ratio = finish.wallS / loudnorm.wallS
    return [
      await firstSound(dir, read),
      await peakMemory(dir, take),
      {
        name: `finish a ${MINUTES}-minute 48 kHz/24-bit take (fit to ${spot} s, clean, level to EBU R128) vs hand two-pass loudnorm`,
        figures: {
          'finish wall s': finish.wallS.toFixed(1),
          'finish CPU s': finish.cpuS.toFixed(1),
          'loudnorm wall s': loudnorm.wallS.toFixed(1),
          'loudnorm CPU s': loudnorm.cpuS.toFixed(1),
          'ratio (wall)': ratio.toFixed(2),
          'after: length s': r.length_s,
          'after: LUFS': r.after.lufs ?? 'none',
          'after: true peak dBTP': r.after.true_peak_dbtp ?? 'none',
          'pauses changed': r.edits.filter((e) => e.kind === 'pause').length,
        },
        goal: 'finish at most 1.0× the two-pass loudnorm (issue 42 point 10)',
        pass: ratio <= 1,
      },
    ]
  } finally {
    await cleanup()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void runAlone(benchFinish)
