/**
 * The contest hearing (certainty/rival-contest.ts): each contested stretch of the take heard twice under a
 * grammar that allows one reading only, the script's (any way of saying it) and the rival's, each between
 * the same anchor words; the acoustic scores of the two say which fits the sound better, per frame.
 * One `pocketsphinx_batch` run per reading per contest (a take has a few at most): one grammar each, so no
 * contest's utterance can take another's reading.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Contest, ContestResult } from '../../engine'
import { pronounce, type Dictionary } from '../../script/pronunciations'
import { FRAME_RATE } from './second-hearing'

export interface ContestHearingInput {
  batch: string
  hmm: string
  dict: Dictionary
  /** The folder holding the take as `take.wav` (16 kHz mono). */
  dir: string
  contests: readonly Contest[]
  run(binary: string, args: string[]): Promise<string>
}

/** The acoustic score ("A") of a `-hypseg` line and its frames, or null when the grammar found no reading. */
export function hypsegScore(line: string): { ascr: number; frames: number } | null {
  const parts = line.trim().split(/\s+/)
  const a = parts.indexOf('A')
  const l = parts.indexOf('L')
  if (a < 0 || l < 0 || parts.length <= l + 2) return null
  const ascr = Number(parts[a + 1])
  const frames = Number(parts[parts.length - 1])
  return Number.isFinite(ascr) && Number.isFinite(frames) && frames > 0 ? { ascr, frames } : null
}

const token = (w: string) => w.replace(/[^a-z']/g, '')

function grammar(c: Contest, readings: readonly (readonly string[])[]): string {
  const anchors = (w: string | null) => (w && token(w) ? token(w) : '')
  const said = readings.filter((r) => r.length > 0)
  // The rival of a skip is nothing: the anchors alone.
  const body = said.length ? `( ${said.map((r) => `( ${r.map(token).join(' ')} )`).join(' | ')} )` : ''
  return `#JSGF V1.0;\ngrammar contest;\npublic <s> = ${[anchors(c.before), body, anchors(c.after)].filter(Boolean).join(' ')};\n`
}

export async function contestResults(input: ContestHearingInput): Promise<ContestResult[]> {
  const out: ContestResult[] = []
  const { dir } = input
  for (const [k, c] of input.contests.entries()) {
    const undecided = { script_from: c.script_from, script_to: c.script_to, margin: null }
    const words = [c.before, c.after, ...c.script.flat(), ...c.rival].filter((w): w is string => !!w).map(token)
    const { lines, missing } = await pronounce(words.filter(Boolean), input.dict)
    if (missing.length > 0 || !(c.before || c.after || c.rival.length)) {
      out.push(undecided)
      continue
    }
    await writeFile(join(dir, `contest${k}.dict`), `${lines.join('\n')}\n`)
    await writeFile(
      join(dir, `contest${k}.ctl`),
      `take ${Math.floor(c.from_s * FRAME_RATE)} ${Math.ceil(c.to_s * FRAME_RATE)} c${k}\n`,
    )
    const scores: Array<{ ascr: number; frames: number } | null> = []
    for (const [side, readings] of [
      ['script', c.script],
      ['rival', [c.rival]],
    ] as const) {
      const base = join(dir, `contest${k}-${side}`)
      await writeFile(`${base}.gram`, grammar(c, readings))
      await input.run(input.batch, [
        ...['-adcin', 'yes', '-cepdir', dir, '-cepext', '.wav', '-ctl', join(dir, `contest${k}.ctl`)],
        ...['-hmm', input.hmm, '-jsgf', `${base}.gram`, '-dict', join(dir, `contest${k}.dict`)],
        ...['-hypseg', `${base}.seg`, '-remove_noise', 'no', '-remove_silence', 'no'],
      ])
      const line = (await readFile(`${base}.seg`, 'utf8').catch(() => '')).split('\n')[0] ?? ''
      scores.push(hypsegScore(line))
    }
    const [script, rival] = scores
    out.push(
      script && rival
        ? { ...undecided, margin: (rival.ascr - script.ascr) / Math.max(script.frames, rival.frames) }
        : undecided,
    )
  }
  return out
}
