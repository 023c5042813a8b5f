/**
 * Versions benchmark (`npm run bench -- versions`):
 * 1. A pickup and a comp, read-back included: from the input files to the rendered, measured and read-back
 *    output (each input heard by pocketsphinx, analysed, placed, rendered, measured by ffmpeg, the output
 *    heard again), against the duration of the audio taken in. Goal ≤ 0.5. Timed in wall and CPU seconds
 *    (this process plus its reaped children, from /proc/self/stat on Linux); judged on CPU seconds where
 *    they can be read, because these machines are shared and other work stretches wall time at random.
 * 2. Rendering a version of a 10-minute 48 kHz/24-bit take: a pickup version (the take copied around one
 *    patch with gain and crossfades) and a comp of 40 gained pieces (every sample through the mixing path).
 *    Goal < 1 s. Each rendered three times from nothing; the three renders must be bit-identical.
 *
 * Part of `npm run bench`; also runs alone: `npx tsx test/bench/versions.ts`.
 */
import { rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { measureTake } from '../../main/audio/measure-take'
import { runFfmpeg } from '../../main/audio/run-ffmpeg'
import { compareToScript } from '../../main/readback/compare/compare'
import { PocketsphinxEngine } from '../../main/readback/engines/pocketsphinx/pocketsphinx-engine'
import { compCells, defaultPicks } from '../../main/versions/comps/comp-plan'
import { compEdit } from '../../main/versions/comps/comp-edit'
import { pickupEdit, sentenceName } from '../../main/versions/fixes/pickup-edit'
import { Recordings, sha256File } from '../../main/versions/store/recordings'
import { renderEditList } from '../../main/versions/render/render-edit-list'
import { renderCached } from '../../main/versions/store/render-cache'
import { scriptSentences } from '../../main/readback/compare/sentence-spans'
import { prepareRecordings, type Transcribe } from '../../main/versions/hearing/version-inputs'
import type { EditList, EditPiece } from '../../shared/versions/edit-list'
import { makeAudio, makeTempDir } from '../support/audio-fixtures'
import { speakRead } from '../support/voice-reads'
import { runAlone } from './report'
import { median, timed } from './timing'
import type { BenchResult } from './types'

const SENTENCES = [
  "This Saturday only, it's the biggest sale of the year at Dream Street Furniture.",
  'Save 20% on every mattress in the store, and get free delivery on orders over $499.',
  'Queen mattresses start at just $299.',
  'Our sleep experts are here to help you find the perfect fit.',
  'Visit us at 1400 Harbor Boulevard, open 9 to 9.',
  'Dream Street Furniture, where better sleep begins.',
]
const SCRIPT = SENTENCES.join(' ')
const VOICE = { voice: 'en-us+f2', speed: 175 }
const RENDER_MINUTES = 10

const engine = new PocketsphinxEngine()
// As the versions' own transcriber: the doubts' hearings only when asked for (placing cuts does not ask).
const transcribe: Transcribe = async (path, hints, options) => {
  const t = await engine.transcribe(path, { hints, ...(options?.doubts === false ? { doubts: false } : {}) })
  return { words: t.words, engine: t.engine }
}

/** Renders, measures and reads back an output, as `npm run pickup` / `comp` finish. */
async function finish(list: EditList, recordings: Recordings, dir: string): Promise<string> {
  const out = (await renderCached(list, recordings, dir)).path
  await measureTake(out)
  const { words } = await transcribe(out, SCRIPT)
  return compareToScript(SCRIPT, words).verdict ?? 'none'
}

async function benchPickupAndComp(dir: string): Promise<BenchResult[]> {
  if (await engine.unavailable())
    return [
      { name: 'pickup and comp with read-back', figures: { status: `not available (${await engine.unavailable()})` } },
    ]
  const flubbed = [...SENTENCES]
  flubbed[2] = 'Queen mattresses start at just $279.'
  const takeA = await speakRead(dir, 'takeA', flubbed, { ...VOICE, pausesS: 0.6, roomDbfs: -62 })
  const flubbedB = [...SENTENCES]
  flubbedB[4] = 'Visit us at 1400 Harbor Boulevard, open 9 to 6.'
  const takeB = await speakRead(dir, 'takeB', flubbedB, {
    ...VOICE,
    pausesS: 0.7,
    roomDbfs: -52,
    roomSeed: 5,
    gainDb: -5,
  })
  const pickup = await speakRead(dir, 'pickup', [SENTENCES[2] as string], {
    ...VOICE,
    leadS: 0.5,
    tailS: 0.6,
    roomDbfs: -50,
    roomSeed: 7,
    gainDb: -5,
  })
  const results: BenchResult[] = []

  const pickupRun = await timed(async () => {
    const recordings = new Recordings(join(dir, 'pickup-rec'))
    const edit = await pickupEdit({
      recordings,
      script: SCRIPT,
      take: { path: takeA.path },
      pickups: [{ path: pickup.path, name: 'Pickup' }],
      transcribe,
    })
    return finish(edit.list, recordings, join(dir, 'pickup-renders'))
  })
  const pickupIn = takeA.durationS + pickup.durationS
  const cpuKnown = Number.isFinite(pickupRun.cpuS)
  results.push({
    name: `pickup placed by the script, read-back included (a ${takeA.durationS.toFixed(1)} s take and a ${pickup.durationS.toFixed(1)} s pickup)`,
    goal: `${cpuKnown ? 'CPU' : 'wall'} seconds / seconds of audio taken in ≤ 0.5`,
    pass: (cpuKnown ? pickupRun.cpuS : pickupRun.wallS) / pickupIn <= 0.5,
    figures: {
      'audio taken in (s)': pickupIn,
      'wall / CPU (s)': `${pickupRun.wallS.toFixed(2)} / ${pickupRun.cpuS.toFixed(2)}`,
      'ratio to audio (CPU)': pickupRun.cpuS / pickupIn,
      'ratio to audio (wall)': pickupRun.wallS / pickupIn,
      'read-back of the output': pickupRun.value,
    },
  })

  const compRun = await timed(async () => {
    const recordings = new Recordings(join(dir, 'comp-rec'))
    const analyzed = await prepareRecordings(
      recordings,
      [{ path: takeA.path }, { path: takeB.path }],
      SCRIPT,
      transcribe,
    )
    const takes = analyzed.map((a, i) => ({ name: `Take ${i + 1}`, analysis: a.analysis, ref: a.ref }))
    const picks = defaultPicks(compCells(takes, scriptSentences(SCRIPT).length))
    const edit = await compEdit(recordings, takes, picks, (k) => sentenceName(SCRIPT, k))
    return finish(edit.list, recordings, join(dir, 'comp-renders'))
  })
  const compIn = takeA.durationS + takeB.durationS
  results.push({
    name: `comp of two takes, read-back included (${takeA.durationS.toFixed(1)} s + ${takeB.durationS.toFixed(1)} s)`,
    goal: `${cpuKnown ? 'CPU' : 'wall'} seconds / seconds of audio taken in ≤ 0.5`,
    pass: (cpuKnown ? compRun.cpuS : compRun.wallS) / compIn <= 0.5,
    figures: {
      'audio taken in (s)': compIn,
      'wall / CPU (s)': `${compRun.wallS.toFixed(2)} / ${compRun.cpuS.toFixed(2)}`,
      'ratio to audio (CPU)': compRun.cpuS / compIn,
      'ratio to audio (wall)': compRun.wallS / compIn,
      'read-back of the output': compRun.value,
    },
  })
  return results
}

const piece = (
  source: string,
  from: number,
  to: number,
  at: number,
  gain: number,
  fin: number,
  fout: number,
): EditPiece => ({
  source,
  from,
  to,
  at,
  gain_db: gain,
  fade_in: { frames: fin, shape: 'equal_power' },
  fade_out: { frames: fout, shape: 'equal_power' },
})

export async function benchRender(dir: string): Promise<BenchResult[]> {
  const block = await makeAudio(dir, 'block', [
    { kind: 'noise', seconds: 20, dbfs: -30 },
    { kind: 'tone', seconds: 10, dbfs: -14, hz: 330 },
  ])
  const long = join(dir, 'ten-minutes.wav')
  await runFfmpeg(['-y', '-stream_loop', String(RENDER_MINUTES * 2 - 1), '-i', block, '-c:a', 'pcm_s24le', long], {
    timeoutMs: 180_000,
  })
  const patchFile = await makeAudio(dir, 'patch', [{ kind: 'noise', seconds: 6, dbfs: -28 }])
  const recordings = new Recordings(join(dir, 'render-rec'))
  const take = await recordings.add(long)
  const patch = await recordings.add(patchFile)
  const rate = take.format.sample_rate
  const xf = Math.round(0.02 * rate)
  const cut1 = 300 * rate
  const cut2 = cut1 + 4 * rate
  const pickupList: EditList = {
    format: take.format,
    frames: take.frames + Math.round(0.4 * rate),
    pieces: [
      piece(take.hash, 0, cut1 + xf / 2, 0, 0, 0, xf),
      piece(patch.hash, rate - xf / 2, rate + Math.round(4.4 * rate) + xf / 2, cut1 - xf / 2, 4.8, xf, xf),
      piece(take.hash, cut2 - xf / 2, take.frames, cut1 + Math.round(4.4 * rate) - xf / 2, 0, xf, 0),
    ],
  }
  const n = 40
  const span = Math.floor(take.frames / n)
  const compList: EditList = {
    format: take.format,
    frames: span * n,
    pieces: Array.from({ length: n }, (_, i) =>
      piece(
        take.hash,
        Math.max(0, i * span - xf / 2),
        Math.min(take.frames, (i + 1) * span + xf / 2),
        Math.max(0, i * span - xf / 2),
        i % 2 ? -2.5 : 1.7,
        i === 0 ? 0 : xf,
        i === n - 1 ? 0 : xf,
      ),
    ),
  }
  compList.pieces[n - 1] = { ...(compList.pieces[n - 1] as EditPiece), to: n * span }
  const results: BenchResult[] = []
  for (const [label, list] of [
    ['pickup version (one patch)', pickupList],
    ['comp of 40 gained pieces', compList],
  ] as const) {
    const times: number[] = []
    const hashes = new Set<string>()
    for (let round = 0; round < 3; round++) {
      const out = join(dir, `render-${round}.wav`)
      const sources = await recordings.open(list.pieces.map((p) => p.source))
      const t0 = performance.now()
      await renderEditList(list, sources, out)
      times.push((performance.now() - t0) / 1000)
      for (const s of sources.values()) await s.close()
      hashes.add(await sha256File(out))
      await rm(out)
    }
    const best = Math.min(...times)
    const middle = median(times)
    results.push({
      name: `rendering a ${label} of a ${RENDER_MINUTES}-minute 48 kHz/24-bit take`,
      goal: 'render < 1 s; three renders bit-identical',
      pass: middle < 1 && hashes.size === 1,
      figures: {
        'take size (MB)': (await stat(long)).size / 1e6,
        'render s (best / median of 3)': `${best.toFixed(3)} / ${middle.toFixed(3)}`,
        'ratio to the 1 s goal (median)': middle,
        'real time (median)': `${((RENDER_MINUTES * 60) / middle).toFixed(0)}×`,
        'distinct renders': hashes.size,
      },
    })
  }
  return results
}

export async function benchVersions(): Promise<BenchResult[]> {
  const { dir, cleanup } = await makeTempDir('booth-bench-versions-')
  try {
    return [...(await benchRender(dir)), ...(await benchPickupAndComp(dir))]
  } finally {
    await cleanup()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void runAlone(benchVersions)
