/**
 * Measures a read-back engine on a set of spots (readback-set.ts): each spot read cleanly and with each
 * planted misread, by espeak-ng or flite in each voice; a misread counts as caught when the verdict is not
 * "matches" and an issue that is not soft covers the misread words; a clean read must match.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { access, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { ReadbackEngine } from '../../main/readback/engine'
import { readBack } from '../../main/readback/read-back'
import { differs } from '../../shared/readback/certainty'
import type { ReadbackResult } from '../../shared/readback/types'
import { misreadRange, plant, voiceName, type Misread, type MisreadKind, type Spot, type Voice } from './readback-set'

const run = promisify(execFile)

/** The voice's reading of a text (espeak-ng or flite), made once per text and voice into `dir`. */
export async function spoken(text: string, voice: Voice, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true })
  const synth = voice.synth ?? 'espeak-ng'
  const effects = voice.effects ?? []
  const wav = join(
    dir,
    `${createHash('sha1')
      .update(`${synth}|${voice.voice}|${voice.speed}|${effects.length ? `${effects.join(' ')}|` : ''}${text}`)
      .digest('hex')
      .slice(0, 16)}.wav`,
  )
  if (
    await access(wav).then(
      () => true,
      () => false,
    )
  )
    return wav
  const raw = effects.length ? `${wav}.raw.wav` : wav
  if (synth === 'flite')
    await run('flite', [
      '-voice',
      voice.voice,
      '--setf',
      `duration_stretch=${(100 / voice.speed).toFixed(3)}`,
      '-t',
      text,
      '-o',
      raw,
    ])
  else await run('espeak-ng', ['-v', voice.voice, '-s', String(voice.speed), '-w', raw, text])
  if (effects.length) await treated(raw, effects, wav)
  return wav
}

/**
 * The reading through sox's effects (in repeatable mode, -R: the same bytes every run); a 'noise' effect
 * (amplitude, dBFS) mixes in pink noise as long as the reading.
 */
async function treated(raw: string, effects: readonly string[], wav: string): Promise<void> {
  const at = effects.indexOf('noise')
  const noiseDb = at >= 0 ? Number(effects[at + 1]) : null
  const sox = at >= 0 ? [...effects.slice(0, at), ...effects.slice(at + 2)] : [...effects]
  const voiced = noiseDb === null ? wav : `${wav}.voice.wav`
  await run('sox', ['-R', raw, voiced, ...sox])
  if (noiseDb === null) return
  const noise = `${wav}.noise.wav`
  await run('sox', ['-R', voiced, noise, 'synth', 'pinknoise', 'vol', (10 ** (noiseDb / 20)).toPrecision(6)])
  await run('sox', ['-R', '-m', '-v', '1', voiced, '-v', '1', noise, wav])
}

export interface ReadOutcome {
  spot: string
  voice: Voice
  /** null for the clean read. */
  misread: Misread | null
  /** Caught (a misread) or matched (a clean read). */
  ok: boolean
  /** Caught only as an "unsure" check. */
  unsure: boolean
  /**
   * How sure the read-back was: a clean read with any "Differs" (a sure finding that is not soft, a false
   * alarm the talent is asked to deliver "anyway" over); a misread with at least "Listen here" (a finding
   * that is not soft, sure or not) on the misread words, and with "Differs" there.
   */
  differs: boolean
  flagged: boolean
  differsThere: boolean
  result: ReadbackResult
  seconds: number
}

export function judge(
  spot: Spot,
  misread: Misread | null,
  result: ReadbackResult,
): { ok: boolean; unsure: boolean; differs: boolean; flagged: boolean; differsThere: boolean } {
  const check = result.check
  if (!misread)
    return {
      ok: check.verdict === 'matches',
      unsure: false,
      differs: check.issues.some(differs),
      flagged: false,
      differsThere: false,
    }
  const range = misreadRange(spot.script, misread)
  const covering = check.issues.filter(
    (i) =>
      i.severity !== 'soft' &&
      i.script_from !== null &&
      i.script_to !== null &&
      i.script_from <= range.to &&
      i.script_to >= range.from,
  )
  const ok = check.verdict !== 'matches' && covering.length > 0
  return {
    ok,
    unsure: ok && covering.every((i) => i.confidence === 'unsure'),
    differs: check.issues.some(differs),
    flagged: covering.length > 0,
    differsThere: covering.some(differs),
  }
}

/** Every read of every spot in every voice, `parallel` at a time. */
export async function measureSet(
  engine: ReadbackEngine,
  spots: readonly Spot[],
  voices: readonly Voice[],
  dir: string,
  parallel = 2,
): Promise<ReadOutcome[]> {
  const jobs: Array<() => Promise<ReadOutcome>> = []
  for (const voice of voices) {
    for (const spot of spots) {
      for (const misread of [null, ...spot.misreads]) {
        jobs.push(async () => {
          const wav = await spoken(misread ? plant(spot.script, misread) : spot.script, voice, dir)
          const t0 = performance.now()
          const result = await readBack(engine, wav, spot.script)
          return {
            spot: spot.id,
            voice,
            misread,
            ...judge(spot, misread, result),
            result,
            seconds: (performance.now() - t0) / 1000,
          }
        })
      }
    }
  }
  const out: ReadOutcome[] = []
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let job = jobs.shift(); job; job = jobs.shift()) out.push(await job())
    }),
  )
  return out
}

export interface SetFigures {
  misreads: number
  caught: number
  caughtUnsure: number
  /** Misreads answered "matches": the one answer a read-back must never give. */
  matchesOverMisread: number
  cleanReads: number
  cleanMatched: number
  /** Clean reads with any "Differs" (goal: none). */
  cleanWithDiffers: number
  /** Misreads with at least "Listen here" on the misread words (goal: all), and of those, "Differs" there. */
  misreadsFlagged: number
  misreadsDiffersThere: number
  byKind: Record<string, string>
  missed: string[]
  falseAlarms: string[]
  /** Each "Differs" on a clean read: where, and what both hearings agreed on. */
  cleanDiffers: string[]
}

export function summarise(outcomes: readonly ReadOutcome[]): SetFigures {
  const misreads = outcomes.filter((o) => o.misread)
  const clean = outcomes.filter((o) => !o.misread)
  const byKind: Record<string, string> = {}
  for (const kind of [...new Set(misreads.map((o) => (o.misread as Misread).kind))] as MisreadKind[]) {
    const of = misreads.filter((o) => o.misread?.kind === kind)
    byKind[kind] = `${of.filter((o) => o.ok).length}/${of.length}`
  }
  const who = (o: ReadOutcome) => `${o.spot} (${voiceName(o.voice)})`
  return {
    misreads: misreads.length,
    caught: misreads.filter((o) => o.ok).length,
    caughtUnsure: misreads.filter((o) => o.unsure).length,
    matchesOverMisread: misreads.filter((o) => o.result.check.verdict === 'matches').length,
    cleanReads: clean.length,
    cleanMatched: clean.filter((o) => o.ok).length,
    cleanWithDiffers: clean.filter((o) => o.differs).length,
    misreadsFlagged: misreads.filter((o) => o.flagged).length,
    misreadsDiffersThere: misreads.filter((o) => o.differsThere).length,
    byKind,
    missed: misreads
      .filter((o) => !o.ok)
      .map((o) => `${who(o)}: "${o.misread?.from}" read as "${o.misread?.to}", verdict ${o.result.check.verdict}`),
    falseAlarms: clean
      .filter((o) => !o.ok)
      .map(
        (o) =>
          `${who(o)}: ${o.result.check.issues
            .filter((i) => i.severity !== 'soft')
            .map((i) => `${differs(i) ? 'Differs' : 'Listen here'}: ${i.expected ?? '—'} → ${i.heard ?? '—'}`)
            .join('; ')}`,
      ),
    cleanDiffers: clean.flatMap((o) =>
      o.result.check.issues.filter(differs).map((i) => `${who(o)}: ${i.kind} ${i.expected ?? '—'} → ${i.heard ?? '—'}`),
    ),
  }
}
