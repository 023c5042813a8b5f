/**
 * A take's layout for finishing (analyse-pauses.ts), from its signal alone or, with a script, with the
 * pauses' kinds from the read-back's sentences (script-pauses.ts over the version engine's analysis,
 * main/versions/cuts/recording-analysis.ts). And the layout of a derived recording (a tempo change) with the
 * kinds of the original's pauses carried over by time. Pauses are judged against the voice as well as the
 * floor (a gated take's floor is digital silence), and the runs of sound that are breaths (their samples
 * say so: breaths.ts soundsLikeBreath) are left in the pauses, however loud.
 */
import { scriptSentences } from '../readback/index'
import { analyzeRecording, envelopeOf, floorDb, type Envelope, type Transcribe } from '../versions/index'
import type { TimedWord } from '../../shared/readback/types'
import { fullScale, type WavSource } from '../media/wav-source'
import { breathCandidatesMs, floorAgainstVoice, layoutOf, type InnerPause, type TakeLayout } from './analyse-pauses'
import { soundsLikeBreath } from './breaths'
import { kindsFromScript, paragraphEnds } from './script-pauses'

export interface AnalysedTake {
  layout: TakeLayout
  env: Envelope
}

export interface ScriptUse {
  text: string
  transcribe: Transcribe
  /** The words a read-back already heard in this very audio against `text` (the take's stored read-back): not heard again. */
  words?: TimedWord[] | null
}

/** A breath's sound is judged with this much of its fade either side of its run (ms). */
const BREATH_PAD_MS = 40

/** The mono mix of src's frames [from, to), full scale ±1. */
async function monoOf(src: WavSource, from: number, to: number): Promise<Float32Array> {
  const { channels, encoding } = src.format
  const x = await src.readFrames(from, to - from)
  const scale = 1 / fullScale(encoding) / channels
  const out = new Float32Array(to - from)
  for (let f = 0; f < out.length; f++) {
    let m = 0
    for (let c = 0; c < channels; c++) m += x[f * channels + c] as number
    out[f] = m * scale
  }
  return out
}

/** The layout of src from its envelope: the floor against the voice, the breaths its samples show left in the pauses. */
async function layoutFrom(src: WavSource, env: Envelope, floor: number): Promise<TakeLayout> {
  const used = floorAgainstVoice(env, floor)
  const breaths: Array<[number, number]> = []
  const pad = BREATH_PAD_MS
  for (const run of breathCandidatesMs(env, used)) {
    const from = Math.max(0, (run[0] - pad) * env.blockFrames)
    const to = Math.min(src.frames, (run[1] + pad) * env.blockFrames)
    if (to - from < 2 * pad * env.blockFrames) continue
    const x = await monoOf(src, from, to)
    if (soundsLikeBreath(x, 0, x.length, src.format.sample_rate)) breaths.push(run)
  }
  return layoutOf(env, used, src.frames, breaths)
}

/** The layout of `src` (a WAV at `path`, kept as `hash`); with a script, kinds from its sentences. */
export async function analyseTake(src: WavSource, hash: string, script: ScriptUse | null): Promise<AnalysedTake> {
  if (!script) {
    const env = await envelopeOf(src)
    return { env, layout: await layoutFrom(src, env, floorDb(env)) }
  }
  const words = script.words ?? (await script.transcribe(src.path, script.text, { doubts: false })).words
  const analysis = await analyzeRecording(src, hash, script.text, words)
  const layout = await layoutFrom(src, analysis.env, analysis.floorDb)
  const read = analysis.sentences.flatMap((s) =>
    s ? [{ index: s.index, onsetS: s.soundOnsetS, endS: s.soundEndS }] : [],
  )
  const kinds = kindsFromScript(
    layout.pauses,
    layout.sampleRate,
    read,
    paragraphEnds(script.text, scriptSentences(script.text)),
  )
  return {
    env: analysis.env,
    layout: { ...layout, pauses: layout.pauses.map((p, i) => ({ ...p, kind: kinds[i] ?? p.kind })) },
  }
}

/**
 * The layout of a recording made from `original` at `tempo`: its own speech and pauses, each pause taking
 * the kind of the original's pause at the same (scaled) time, the nearest one where none is there.
 */
export async function analyseDerived(src: WavSource, original: TakeLayout, tempo: number): Promise<AnalysedTake> {
  const env = await envelopeOf(src)
  const layout = await layoutFrom(src, env, floorDb(env))
  const kindAt = (p: InnerPause) => {
    const mid = ((p.from + p.to) / 2) * tempo
    let best = original.pauses[0]
    let bestDistance = Infinity
    for (const q of original.pauses) {
      const d = mid < q.from ? q.from - mid : mid > q.to ? mid - q.to : 0
      if (d < bestDistance) {
        bestDistance = d
        best = q
      }
    }
    return best?.kind ?? p.kind
  }
  return { env, layout: { ...layout, pauses: layout.pauses.map((p) => ({ ...p, kind: kindAt(p) })) } }
}
