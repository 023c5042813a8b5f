/**
 * A take's layout for finishing (analyse-pauses.ts), from its signal alone or, with a script, with the
 * pauses' kinds from the read-back's sentences (script-pauses.ts over the version engine's analysis,
 * main/versions/recording-analysis.ts). And the layout of a derived recording (a tempo change) with the
 * kinds of the original's pauses carried over by time.
 */
import { scriptSentences } from '../readback/index'
import { analyzeRecording } from '../versions/recording-analysis'
import { envelopeOf, floorDb, type Envelope } from '../versions/signal-envelope'
import type { Transcribe } from '../versions/version-inputs'
import type { TimedWord } from '../../shared/readback/types'
import type { WavSource } from '../media/wav-source'
import { layoutOf, type InnerPause, type TakeLayout } from './analyse-pauses'
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

/** The layout of `src` (a WAV at `path`, kept as `hash`); with a script, kinds from its sentences. */
export async function analyseTake(src: WavSource, hash: string, script: ScriptUse | null): Promise<AnalysedTake> {
  if (!script) {
    const env = await envelopeOf(src)
    return { env, layout: layoutOf(env, floorDb(env), src.frames) }
  }
  const words = script.words ?? (await script.transcribe(src.path, script.text, { doubts: false })).words
  const analysis = await analyzeRecording(src, hash, script.text, words)
  const layout = layoutOf(analysis.env, analysis.floorDb, src.frames)
  const read = analysis.sentences.flatMap((s) => (s ? [{ index: s.index, onsetS: s.soundOnsetS, endS: s.soundEndS }] : []))
  const kinds = kindsFromScript(layout.pauses, layout.sampleRate, read, paragraphEnds(script.text, scriptSentences(script.text)))
  return { env: analysis.env, layout: { ...layout, pauses: layout.pauses.map((p, i) => ({ ...p, kind: kinds[i] ?? p.kind })) } }
}

/**
 * The layout of a recording made from `original` at `tempo`: its own speech and pauses, each pause taking
 * the kind of the original's pause at the same (scaled) time, the nearest one where none is there.
 */
export async function analyseDerived(src: WavSource, original: TakeLayout, tempo: number): Promise<AnalysedTake> {
  const env = await envelopeOf(src)
  const layout = layoutOf(env, floorDb(env), src.frames)
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
