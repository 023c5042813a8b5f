/**
 * Fitting and levelling on held-out takes (`npm run bench -- finish-fit`, issue 42 points 4 and 6): voices,
 * levels, room tones and sentences no test uses (espeak-ng en-029, en-gb-x-gbclan, en-gb-x-gbcwmd; flite
 * rms and awb), each read with commas inside its sentences, laid with 0.6 s between sentences over pink room
 * tone, and finished to a spot 2 s and 3 s longer than the read (EBU R128 and podcast finished spots, an
 * ACX dry voice). Per finish: the step the planner took, the tempo, how many comma and sentence pauses
 * changed, the least sentence correlation with itself in the original (test/support/sentence-intact.ts),
 * the spread of the sentences' level changes and what the report says of it, the dry voice's distance from
 * its window's edges and the noise-floor warning. And the known failure's take, read by a held-out voice over
 * -60 dBFS room tone, at the spots that needed tempo (14.5–14.7 s). Goals: every finish lengthened between
 * sentences only with every sentence ≥ 0.97; spread ≤ 0.3 dB or said.
 *
 * Part of `npm run bench`; also runs alone: `npx tsx test/bench/finish-fit.ts`.
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { findProfile, type DeliveryProfile } from '../../main/audio/delivery-profiles'
import { finishTake } from '../../main/finish/finish-take'
import { layTake, readWav, scaleToPeak, speech, SR, writeWav24, type Voice } from '../integration/finish/level-audio'
import { makeTempDir } from '../support/audio-fixtures'
import { sentenceMatches } from '../support/sentence-intact'
import { speakRead } from '../support/voice-reads'
import { runAlone } from './report'
import type { BenchResult } from './types'

const SENTENCES = [
  'If the river rises tonight, the north road will close by morning.',
  'Sandbags, shovels and torches are free at the fire hall.',
  'Check on your neighbours, keep your phone charged, and stay indoors.',
  'Updates, every hour, on this station.',
]
/** Held-out voices, each at its own level (peak dBFS) and room tone (pink, amplitude dBFS). */
const TAKES: Array<{ voice: Voice; peakDb: number; roomDb: number }> = [
  { voice: { synth: 'espeak-ng', voice: 'en-029' }, peakDb: -1, roomDb: -58 },
  { voice: { synth: 'espeak-ng', voice: 'en-gb-x-gbclan' }, peakDb: -9, roomDb: -66 },
  { voice: { synth: 'espeak-ng', voice: 'en-gb-x-gbcwmd' }, peakDb: -15, roomDb: -54 },
  { voice: { synth: 'flite', voice: 'rms' }, peakDb: -4, roomDb: -62 },
  { voice: { synth: 'flite', voice: 'awb' }, peakDb: -20, roomDb: -60 },
]
const FINISHES: Array<{ kind: 'dry_voice' | 'finished_spot'; profile: string; extraS: number }> = [
  { kind: 'finished_spot', profile: 'ebu-r128', extraS: 2 },
  { kind: 'finished_spot', profile: 'podcast', extraS: 3 },
  { kind: 'dry_voice', profile: 'dry-voice', extraS: 2 },
]

const f2 = (x: number): string => x.toFixed(2)

export async function benchFinishFit(): Promise<BenchResult[]> {
  const { dir, cleanup } = await makeTempDir('booth-bench-fit-')
  const results: BenchResult[] = []
  try {
    // BOOTH_BENCH_FIT_VOICES=rms,awb,slow: only these voices (slow: the known failure's read).
    const only = process.env['BOOTH_BENCH_FIT_VOICES']?.split(',')
    for (const [t, take] of TAKES.entries()) {
      if (only && !only.includes(take.voice.voice)) continue
      const parts = await Promise.all(SENTENCES.map((s) => speech(dir, s, take.voice)))
      const laid = await layTake(
        dir,
        parts.map((p) => scaleToPeak(p, take.peakDb)),
        0.6,
        take.roomDb,
        40 + t,
      )
      const wav = await writeWav24(dir, `take-${t}`, laid.x)
      const spans = laid.sentences.map((s) => ({ fromS: s.from / SR, toS: s.to / SR }))
      for (const f of FINISHES) {
        const out = join(dir, `out-${t}-${f.profile}.wav`)
        const name = `finish-fit: ${take.voice.synth} ${take.voice.voice} (peak ${take.peakDb} dBFS, room ${take.roomDb}), ${f.profile} +${f.extraS} s`
        try {
          const r = await finishTake({
            input: wav,
            output: out,
            spotLengthS: laid.x.length / SR + f.extraS,
            kind: f.kind,
            profile: findProfile(f.profile) as DeliveryProfile,
          })
          const m = sentenceMatches(laid.x, await readWav(dir, out), SR, spans, r.time_map)
          const gains = m.map((x) => x.gainDb)
          const pauses = r.edits.filter((e) => e.kind === 'pause')
          const least = Math.min(...m.map((x) => x.r))
          const spread = Math.max(...gains) - Math.min(...gains)
          const commas = pauses.filter((p) => p.pause === 'comma').length
          results.push({
            name,
            figures: {
              tempo: r.tempo,
              'sentence pauses changed': pauses.filter((p) => p.pause !== 'comma').length,
              'comma pauses changed': commas,
              'least sentence r': least.toFixed(4),
              'sentence level spread dB': f2(spread),
              limiting: r.limiting ? `${f2(r.limiting.max_db)} dB at ${r.limiting.places}` : 'none',
              dynamics: r.dynamics
                ? `${r.dynamics.kept ? 'kept' : 'said not kept'} ${f2(r.dynamics.spread_before_db)} → ` +
                  `${f2(r.dynamics.spread_db)} dB, ${r.dynamics.phrases_restored} phrases given back`
                : 'one gain',
              'gain dB': r.gain_db,
              ...(f.kind === 'dry_voice'
                ? { 'RMS dBFS': r.after.rms_dbfs ?? 'none' }
                : { LUFS: r.after.lufs ?? 'none' }),
              'noise floor': r.noise_floor
                ? `${f2(r.noise_floor.after_dbfs)} dBFS${r.noise_floor.above ? ' (said: above)' : ''}`
                : 'not judged',
            },
            // Where the limiter acted, its reshaping of the peaks moves the waveform too (espeak-ng's crest
            // needs 4–8 dB of it at podcast loudness): the fit's own r is judged where it did not.
            goal: r.limiting
              ? 'tempo 1, no comma changed, spread ≤ 0.3 dB or said'
              : 'tempo 1, no comma changed, every sentence r ≥ 0.97, spread ≤ 0.3 dB',
            pass:
              r.tempo === 1 &&
              commas === 0 &&
              (r.limiting !== null || least >= 0.97) &&
              (spread <= 0.3 || r.dynamics?.kept === false),
          })
        } catch (err) {
          results.push({ name, figures: { refused: (err as Error).message }, goal: 'finished', pass: false })
        }
      }
    }
    if (only && !only.includes('slow')) return results
    // The known failure: a slow read over -60 dBFS room tone fitted to 14.5-14.7 s with tempo.
    const slow = await speakRead(
      dir,
      'slow',
      [
        'This Saturday only, the biggest sale of the year.',
        'Save twenty percent on every mattress.',
        'Our sleep experts are here to help.',
        'Visit Dream Street Furniture today.',
      ],
      { voice: 'en-029', speed: 135, pausesS: [1.25, 1.35, 1.3], leadS: 1.2, tailS: 1.6, roomDbfs: -60 },
    )
    for (const spot of [14.5, 14.6, 14.7]) {
      for (const kind of ['finished_spot', 'dry_voice'] as const) {
        const name = `finish-fit: slow en-029 read over -60 dBFS room tone, ${kind} to ${spot} s`
        try {
          const r = await finishTake({
            input: slow.path,
            output: join(dir, `slow-${spot}-${kind}.wav`),
            spotLengthS: spot,
            kind,
            profile: findProfile(kind === 'dry_voice' ? 'dry-voice' : 'podcast') as DeliveryProfile,
          })
          const pauses = r.edits.filter((e) => e.kind === 'pause' && e.pause !== 'comma')
          results.push({
            name,
            figures: {
              tempo: r.tempo,
              'length s': r.length_s,
              'sentence pauses (s)': pauses.map((p) => `${p.from_s}→${p.to_s}`).join(', ') || 'unchanged',
            },
            // Its pauses read 1.2–1.35 s (dramatic): at the tempo they stay at least 1.2 s, never scaled as ordinary ones.
            goal: 'finished to the spot, the dramatic pauses kept ≥ 1.2 s',
            pass: Math.abs(r.length_s - spot) < 0.01 && pauses.every((p) => p.to_s >= 1.2),
          })
        } catch (err) {
          results.push({
            name,
            figures: { refused: (err as Error).message },
            goal: 'finished to the spot (or refused only beyond 4 %)',
            pass: /4 % faster reaches/.test((err as Error).message),
          })
        }
      }
    }
    return results
  } finally {
    await cleanup()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void runAlone(benchFinishFit)
