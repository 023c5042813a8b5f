/**
 * The turns hearing. Some misreads are one short word: a negation dropped or turned around ("Sale plants
 * cannot be returned" read as "… can be returned") reverses what a spot promises, yet the first hearing,
 * which leans on the script, hears the script's "not" anyway, and the second hearing's general model is
 * too weak to decide on it. The rival rules that know such a misread say what a word may have been read as
 * (RivalRule.turnsOf, gathered by wordTurns from the registry; today the negation rule). Every sentence of
 * the script holding such a word is heard once more, on its own stretch of the take, under a grammar that is
 * that sentence and nothing else, with each such word free to be there, turned or left out, at equal
 * weight: the acoustic model alone decides. Where it hears the sentence turned, that is a doubt naming what
 * it heard (doubts.ts: a "check", never a silent "matches").
 *
 * One `pocketsphinx_batch` run for all such sentences: one utterance per sentence (its first and last
 * heard words, and up to EDGE_S of the pause on each side), one grammar that is the union of them.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Doubt, TimedWord } from '../../../../shared/readback/types'
import { align } from '../../alignment/align'
import { wordTurns } from '../../rivals/rival-rules'
import { pronounce, type Dictionary } from '../../script/pronunciations'
import { FRAME_RATE, parseHypseg } from './second-hearing'
import type { Word } from '../../script/words'
import { TURNS_EDGE_S as EDGE_S } from '../../tuning'

interface Utterance {
  words: readonly string[]
  /** Index in `words` → what that word may have been read as ("" = left out). */
  turns: Map<number, string[]>
  from_s: number
  to_s: number
}

export interface TurnsHearingInput {
  /** pocketsphinx_batch, the acoustic model, the dictionary. */
  batch: string
  hmm: string
  dict: Dictionary
  /** The folder holding the take as `take.wav` (16 kHz mono); the grammar's files are written beside it. */
  dir: string
  /** The script's sentences as spoken words (spoken-sentences.ts), the words the first hearing uses. */
  sentences: readonly (readonly string[])[]
  /** The first hearing's words and times. */
  first: readonly TimedWord[]
  run(binary: string, args: string[]): Promise<string>
}

export async function turnsDoubts(input: TurnsHearingInput): Promise<Doubt[]> {
  const utterances = locate(input.sentences, input.first)
  if (utterances.length === 0) return []
  const vocabulary = [
    ...new Set(utterances.flatMap((u) => [...u.words, ...[...u.turns.values()].flat().filter(Boolean)])),
  ]
  const { lines, missing } = await pronounce(vocabulary, input.dict)
  const unsayable = new Set(missing)
  const heard = utterances.filter(
    (u) => u.words.every((w) => !unsayable.has(w)) && [...u.turns.values()].flat().every((w) => !unsayable.has(w)),
  )
  if (heard.length === 0) return []
  const { dir } = input
  await writeFile(join(dir, 'turns.gram'), grammar(heard))
  await writeFile(join(dir, 'turns.dict'), `${lines.join('\n')}\n`)
  await writeFile(
    join(dir, 'turns.ctl'),
    heard.map((u, k) => `take ${Math.floor(u.from_s * FRAME_RATE)} ${Math.ceil(u.to_s * FRAME_RATE)} t${k}\n`).join(''),
  )
  await input.run(input.batch, [
    '-adcin',
    'yes',
    '-cepdir',
    dir,
    '-cepext',
    '.wav',
    '-ctl',
    join(dir, 'turns.ctl'),
    '-hmm',
    input.hmm,
    '-jsgf',
    join(dir, 'turns.gram'),
    '-dict',
    join(dir, 'turns.dict'),
    '-hypseg',
    join(dir, 'turns.seg'),
    '-remove_noise',
    'no',
    '-remove_silence',
    'no',
  ])
  const out = await readFile(join(dir, 'turns.seg'), 'utf8').catch(() => '')
  const doubts: Doubt[] = []
  for (const line of out.split('\n')) {
    const k = /^t(\d+)\s/.exec(line)?.[1]
    const u = k === undefined ? undefined : heard[Number(k)]
    if (!u) continue
    const offset = Math.floor(u.from_s * FRAME_RATE) / FRAME_RATE
    // The grammar's empty choice shows as the word "(NULL)": the word left out.
    const words = parseHypseg(line)
      .filter((w) => w.word !== '(NULL)')
      .map((w) => ({ ...w, start_s: w.start_s + offset, end_s: w.end_s + offset }))
    doubts.push(...turnedIn(u, words))
  }
  return doubts
}

/**
 * The sentences that hold a word with turns, each with its stretch of the take: where the first hearing
 * heard the sentence, those words as written (such a word it did not hear is its own finding already).
 */
function locate(sentences: readonly (readonly string[])[], first: readonly TimedWord[]): Utterance[] {
  const script: Word[] = sentences.flat().map((w) => ({ key: w, values: null }))
  const ops = align(
    script,
    first.map((w) => ({ key: w.word, values: null })),
  )
  const heardAt = new Map<number, { h: number; same: boolean }>()
  for (const op of ops)
    if (op.op === 'match' || op.op === 'near' || op.op === 'sub')
      heardAt.set(op.s, { h: op.h, same: op.op === 'match' })
  const out: Utterance[] = []
  let base = 0
  sentences.forEach((words) => {
    const at = base
    base += words.length
    const turns = new Map<number, string[]>()
    words.forEach((w, i) => {
      const t = wordTurns(w)
      if (t.length > 0) turns.set(i, t)
    })
    if (turns.size === 0 || [...turns.keys()].some((i) => !heardAt.get(at + i)?.same)) return
    const hs = words.map((_, i) => heardAt.get(at + i)?.h).filter((h): h is number => h !== undefined)
    const firstH = Math.min(...hs)
    const lastH = Math.max(...hs)
    const start = (first[firstH] as TimedWord).start_s
    const end = (first[lastH] as TimedWord).end_s
    const before = firstH > 0 ? (first[firstH - 1] as TimedWord).end_s : 0
    const after = first[lastH + 1]?.start_s ?? end + 2 * EDGE_S
    out.push({
      words,
      turns,
      from_s: Math.max(0, start - Math.min(EDGE_S, (start - before) / 2)),
      to_s: end + Math.min(EDGE_S, (after - end) / 2),
    })
  })
  return out
}

/** The JSGF grammar: any one of the sentences, each word with turns as written, turned or left out. */
function grammar(utterances: readonly Utterance[]): string {
  const rule = (u: Utterance) =>
    u.words
      .map((w, i) => {
        const turns = u.turns.get(i)
        return turns ? `( ${[w, ...turns].map((t) => t || '<NULL>').join(' | ')} )` : w
      })
      .join(' ')
  return `#JSGF V1.0;\ngrammar turns;\npublic <sentence> = ${utterances.map((u) => `( ${rule(u)} )`).join(' | ')};\n`
}

/**
 * Doubts where the grammar heard a word turned (the word it heard, on that word's time) or
 * left out (the words either side of it as heard, on their times). Nothing when what it heard is not this
 * sentence as the grammar allows it.
 */
function turnedIn(u: Utterance, heard: readonly TimedWord[]): Doubt[] {
  const doubts: Doubt[] = []
  let j = 0
  for (let i = 0; i < u.words.length; i++) {
    const word = u.words[i] as string
    const turns = u.turns.get(i)
    const h = heard[j]
    if (h?.word === word) {
      j++
      continue
    }
    if (!turns) return []
    if (h && turns.includes(h.word)) {
      doubts.push({ start_s: h.start_s, end_s: h.end_s, heard: h.word })
      j++
      continue
    }
    if (!turns.includes('')) return []
    // Left out: the words either side as heard.
    const prev = heard[j - 1]
    const next = heard[j]
    const around = [prev, next].filter((w): w is TimedWord => w !== undefined)
    if (around.length === 0) return []
    doubts.push({
      start_s: (around[0] as TimedWord).start_s,
      end_s: (around[around.length - 1] as TimedWord).end_s,
      heard: around.map((w) => w.word).join(' '),
    })
  }
  return j === heard.length ? doubts : []
}
