/**
 * pocketsphinx's second hearing of a take: the whole take decoded as one utterance by
 * `pocketsphinx_batch` with a model that gives every word that matters a fair chance to be heard as
 * something else in its place (script-lm.ts: the other days, months and numbers, the real words that
 * sound closest, a negation dropped), and the word lattice it considered. It never replaces the first
 * hearing's words (their times place cuts and marks, and this model hears filler words in long pauses);
 * it only says where the first hearing may have been pulled onto the script's words: doubts, and only
 * those that name a rival of the word the first hearing gave (doubt-filter.ts).
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Doubt, TimedWord } from '../../../../shared/readback/types'
import { tellingDoubts } from '../../hearing/doubt-filter'
import { generalModelWords } from '../../rivals/general-lm-words'
import { latticeDoubts, parseHtkLattice } from '../../hearing/lattice-doubts'
import type { LatticeWord } from '../../engine'
import { recogniserFiles } from './pocketsphinx-model'
import type { PocketsphinxSetup } from './pocketsphinx-setup'
import type { Dictionary } from '../../script/pronunciations'
import { doubtsBetween } from '../../hearing/doubts-between'
import { isNoiseMark } from '../../script/words'

/** pocketsphinx's frames per second. */
export const FRAME_RATE = 100

/**
 * Parses one `-hypseg` line of pocketsphinx_batch: "uttid S s T total A ascr L lscr" and then, per word,
 * "start-frame acoustic-score lm-score word", ending with the utterance's last frame.
 */
export function parseHypseg(line: string): TimedWord[] {
  const parts = line.trim().split(/\s+/)
  const l = parts.indexOf('L')
  if (l < 0) return []
  const rest = parts.slice(l + 2)
  const end = Number(rest[rest.length - 1])
  const items: Array<{ frame: number; word: string }> = []
  for (let k = 0; k + 3 < rest.length; k += 4) items.push({ frame: Number(rest[k]), word: rest[k + 3] as string })
  const words: TimedWord[] = []
  items.forEach((item, k) => {
    const word = item.word.replace(/\(\d+\)$/, '')
    if (isNoiseMark(word) || !Number.isFinite(item.frame)) return
    const next = items[k + 1]?.frame ?? end
    words.push({ word, start_s: item.frame / FRAME_RATE, end_s: Math.max(item.frame, next - 1) / FRAME_RATE })
  })
  return words
}

export interface SecondHearingInput {
  setup: PocketsphinxSetup & { batch: string }
  dict: Dictionary
  /** The folder holding the take as `take.wav` (16 kHz mono); the model's files are written beside it. */
  dir: string
  script: string
  names?: readonly string[]
  first: readonly TimedWord[]
  run(binary: string, args: string[]): Promise<string>
  /** Stops the model's building between its steps (the recogniser's runs are stopped by `run`). */
  signal?: AbortSignal
}

/**
 * Where the second hearing disagrees with the first on the first's words, and where its lattice was torn,
 * kept only where it heard a rival of the first's word and leans toward it (doubt-filter.ts).
 */
export async function secondHearingDoubts(
  input: SecondHearingInput,
): Promise<{ words: TimedWord[]; doubts: Doubt[]; lattice: LatticeWord[] }> {
  const { setup, dir } = input
  const files = await recogniserFiles({
    script: input.script,
    ...(input.names ? { names: input.names } : {}),
    dict: input.dict,
    general: setup.generalLm ? await generalModelWords(setup.generalLm) : [],
    ...(input.signal ? { signal: input.signal } : {}),
  })
  await writeFile(join(dir, 'fair.lm'), files.arpa)
  await writeFile(join(dir, 'fair.dict'), files.dict)
  await writeFile(join(dir, 'takes.ctl'), 'take\n')
  await input.run(setup.batch, [
    '-adcin',
    'yes',
    '-cepdir',
    dir,
    '-cepext',
    '.wav',
    '-ctl',
    join(dir, 'takes.ctl'),
    '-hmm',
    setup.hmm,
    '-lm',
    join(dir, 'fair.lm'),
    '-dict',
    join(dir, 'fair.dict'),
    '-hypseg',
    join(dir, 'take.seg'),
    '-remove_noise',
    'no',
    '-remove_silence',
    'no',
    '-outlatdir',
    dir,
    '-outlatfmt',
    'htk',
  ])
  const words = parseHypseg((await readFile(join(dir, 'take.seg'), 'utf8').catch(() => '')).split('\n')[0] ?? '')
  const lattice = parseHtkLattice(await readFile(join(dir, 'take.lat'), 'utf8').catch(() => ''))
  const heard = [...doubtsBetween(input.first, words, { vocabulary: 'closed' }), ...latticeDoubts(words, lattice)]
  const say = (word: string) => files.scriptWords.get(word) ?? input.dict.get(word) ?? []
  return { words, lattice, doubts: tellingDoubts(heard, { first: input.first, rivals: files.rivals, lattice, say }) }
}
