/**
 * What the version operations know of one recording (a take, a pickup, a punch recording): its envelope
 * and noise floor, and for each sentence of the script it reads, where its speech is (the sound the
 * recogniser's word times point at: cut-rules.ts speechEdges), the pauses around it (up to the nearest
 * other speech, heard words that are in no sentence included, words heard where the signal has only room
 * tone left out), its loudness, true peak and the longest pause inside it, and its read-back issues.
 */
import type { ReadbackCheck, TimedWord } from '../../../shared/readback/types'
import {
  compareToScript,
  bestSentenceWindow,
  readSentences,
  scriptSentences,
  type ReadSentence,
} from '../../readback/index'
import { speechEdges, type SpeechEdges } from './cut-rules'
import { measureRange } from '../render/range-measures'
import { envelopeOf, floorDb, type Envelope } from '../render/signal-envelope'
import type { WavSource } from '../../media/wav-source'

export interface AnalyzedSentence extends ReadSentence {
  /** Speech edges a cut keeps clear of: the recogniser's widened by the signal (s). */
  onsetS: number
  speechEndS: number
  /** Where its sound starts and ends (s): pauses are measured from these. */
  soundOnsetS: number
  soundEndS: number
  /** Where the pause before it begins: the end of the speech before, or 0. */
  pauseFromS: number
  pauseFromIsSpeech: boolean
  /** Where the pause after it ends: the start of the speech after, or the recording's end. */
  pauseToS: number
  pauseToIsSpeech: boolean
  lufs: number | null
  true_peak_dbtp: number | null
  /** The longest quiet stretch inside its speech (s). */
  innerPauseS: number
}

export interface RecordingAnalysis {
  /** SHA-256 of the WAV source the analysis was made of. */
  source: string
  durationS: number
  sampleRate: number
  env: Envelope
  floorDb: number
  check: ReadbackCheck
  /** The heard words in time order, and each one's speech widened by the signal (same order). */
  words: TimedWord[]
  speech: SpeechEdges[]
  sentences: Array<AnalyzedSentence | null>
}

/** Speech spans of every heard word, widened by the signal without running into the next word. */
function widenedWords(env: Envelope, floor: number, words: readonly TimedWord[], durationS: number): SpeechEdges[] {
  const sorted = [...words].sort((a, b) => a.start_s - b.start_s)
  return sorted.map((w, i) => {
    const prev = sorted[i - 1]
    const next = sorted[i + 1]
    return speechEdges(env, floor, w.start_s, w.end_s, prev ? prev.end_s : 0, next ? next.start_s : durationS)
  })
}

export interface AnalyzeOptions {
  /** The read-back's check of these words against the whole script (a take's stored read-back). */
  check?: ReadbackCheck
  /** A pickup: compare its words only with the sentences it reads best (readback/compare/sentence-spans.ts bestSentenceWindow). */
  short?: boolean
  /** Measure each sentence's true peak too (the comp grid shows it). */
  truePeak?: boolean
}

export async function analyzeRecording(
  src: WavSource,
  source: string,
  scriptText: string,
  words: readonly TimedWord[],
  options: AnalyzeOptions = {},
): Promise<RecordingAnalysis> {
  const env = await envelopeOf(src)
  const floor = floorDb(env)
  const durationS = src.frames / src.format.sample_rate
  const window = options.short ? bestSentenceWindow(scriptText, words) : null
  const theCheck = options.check ?? compareToScript(scriptText, words)
  const read =
    options.short && !window
      ? scriptSentencesNone(scriptText)
      : readSentences(scriptText, words, window ? { window } : { check: theCheck })
  const spans = widenedWords(env, floor, words, durationS)
  const sorted = [...words].sort((a, b) => a.start_s - b.start_s)
  const sentences: Array<AnalyzedSentence | null> = []
  const spanned = sorted.map((w, i) => ({ w, span: spans[i] as SpeechEdges }))
  // A word the recogniser heard in room tone (no sound where it put it) is no speech to keep clear of.
  const all = spanned.filter(({ span }) => span.heard)
  const within = (s: { startS: number; endS: number }, w: TimedWord) =>
    w.start_s >= s.startS - 1e-6 && w.end_s <= s.endS + 1e-6
  const owned = new Set(all.filter(({ w }) => read.some((s) => s !== null && within(s, w))).map(({ w }) => w))
  for (const s of read) {
    if (!s) {
      sentences.push(null)
      continue
    }
    const sounding = all.filter(({ w }) => within(s, w))
    const mine = sounding.length > 0 ? sounding : spanned.filter(({ w }) => within(s, w))
    const sound = runOn(
      all,
      owned,
      new Set(mine.map((m) => m.w)),
      Math.min(...mine.map((m) => m.span.soundStartS)),
      Math.max(...mine.map((m) => m.span.soundEndS)),
    )
    const { fromS: soundOnsetS, toS: soundEndS } = sound
    const onsetS = Math.min(soundOnsetS, ...mine.map((m) => m.span.startS))
    const speechEndS = Math.max(soundEndS, ...mine.map((m) => m.span.endS))
    const before = all.filter(({ w }) => !sound.joined.has(w) && w.end_s <= s.startS + 1e-6 && w.start_s < s.startS)
    const after = all.filter(({ w }) => !sound.joined.has(w) && w.start_s >= s.endS - 1e-6 && w.end_s > s.endS)
    const rate = src.format.sample_rate
    const measures = await measureRange(
      src,
      Math.round(onsetS * rate),
      Math.round(speechEndS * rate),
      options.truePeak === true,
    )
    sentences.push({
      ...s,
      onsetS,
      speechEndS,
      soundOnsetS,
      soundEndS,
      pauseFromS: before.length ? Math.min(soundOnsetS, Math.max(...before.map((b) => b.span.endS))) : 0,
      pauseFromIsSpeech: before.length > 0,
      pauseToS: after.length ? Math.max(soundEndS, Math.min(...after.map((a) => a.span.startS))) : durationS,
      pauseToIsSpeech: after.length > 0,
      lufs: measures.lufs,
      true_peak_dbtp: measures.true_peak_dbtp,
      innerPauseS: longestQuiet(env, floor, onsetS, speechEndS),
    })
  }
  return {
    source,
    durationS,
    sampleRate: src.format.sample_rate,
    env,
    floorDb: floor,
    check: theCheck,
    words: sorted,
    speech: spans,
    sentences,
  }
}

/** Quiet shorter than this between a sentence's sound and a heard word no sentence holds is no pause: the word is the sentence's. */
const RUN_ON_S = 0.2

type Spanned = { w: TimedWord; span: SpeechEdges }

/**
 * A sentence's sound [fromS, toS], run on over heard words that no read sentence holds and that touch it
 * with less than RUN_ON_S of quiet between (the recogniser misheard its first or last word, so the
 * alignment left that word out; the signal has no pause there to cut in). Returns the words it took in.
 */
function runOn(
  all: readonly Spanned[],
  owned: ReadonlySet<TimedWord>,
  mine: ReadonlySet<TimedWord>,
  fromS: number,
  toS: number,
): { fromS: number; toS: number; joined: Set<TimedWord> } {
  const joined = new Set<TimedWord>()
  const others = all.filter(({ w }) => !mine.has(w))
  for (;;) {
    const prev = others
      .filter(({ w, span }) => !joined.has(w) && span.soundStartS < fromS - 1e-6)
      .sort((a, b) => b.span.soundEndS - a.span.soundEndS)[0]
    if (!prev || owned.has(prev.w) || fromS - prev.span.soundEndS >= RUN_ON_S) break
    joined.add(prev.w)
    fromS = Math.min(fromS, prev.span.soundStartS)
  }
  for (;;) {
    const next = others
      .filter(({ w, span }) => !joined.has(w) && span.soundEndS > toS + 1e-6)
      .sort((a, b) => a.span.soundStartS - b.span.soundStartS)[0]
    if (!next || owned.has(next.w) || next.span.soundStartS - toS >= RUN_ON_S) break
    joined.add(next.w)
    toS = Math.max(toS, next.span.soundEndS)
  }
  return { fromS, toS, joined }
}

function scriptSentencesNone(scriptText: string): null[] {
  return scriptSentences(scriptText).map(() => null)
}

/** The longest run of quiet milliseconds (within 10 dB of the floor) in [fromS, toS). */
function longestQuiet(env: Envelope, floor: number, fromS: number, toS: number): number {
  const limit = 10 ** ((floor + 10) / 10)
  let best = 0
  let run = 0
  for (let i = Math.max(0, Math.round(fromS * 1000)); i < Math.min(env.energy.length, Math.round(toS * 1000)); i++) {
    run = (env.energy[i] as number) <= limit ? run + 1 : 0
    if (run > best) best = run
  }
  return best / 1000
}
