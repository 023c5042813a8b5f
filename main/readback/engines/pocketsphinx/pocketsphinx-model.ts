/**
 * The files pocketsphinx hears a take with: the language model (script-lm.ts, in ARPA text) and a
 * pronunciation dictionary of exactly its words (the CMU dictionary, espeak-ng for the script's own words
 * such as brands and names, letter by letter for a word written in capitals). A word that cannot be
 * pronounced is left out of both.
 */
import { mainSlices } from '../../../process/slices'
import { writtenAcronyms } from '../../script/acronyms'
import { throwIfStopped } from '../../engine'
import { buildArpa } from '../../language-model/arpa-lm'
import { buildWeightedArpa } from '../../language-model/weighted-arpa-lm'
import type { GeneralWord } from '../../rivals/general-lm-words'
import { GENERAL_VOCABULARY } from '../../rivals/general-vocabulary'
import { pronounce, type Dictionary } from '../../script/pronunciations'
import { rivalsOf } from '../../language-model/model-rivals'
import { scriptNames } from '../../script/script-names'
import { generalWordTables, scriptLanguageModel } from '../../language-model/script-lm'
import type { LmTuning } from '../../tuning'
import { spokenSentences } from '../../script/spoken-sentences'

export interface RecogniserFiles {
  arpa: string
  dict: string
  /** The script's spoken words and their pronunciations. */
  scriptWords: Map<string, string[]>
  /** The words the model lets stand in each script word's place (model-rivals.ts). */
  rivals: Map<string, Set<string>>
}

export interface RecogniserFilesInput {
  script: string
  /** Names to treat as names wherever they stand (customer, advertiser). */
  names?: readonly string[]
  dict: Dictionary
  general: readonly GeneralWord[]
  tuning?: LmTuning
  espeakPath?: string
  /** Stops the building between its steps and between the script's words (engine.ts throwIfStopped). */
  signal?: AbortSignal
}

/** "HH AA1 L IH0 S" lines of a dictionary → word → its pronunciations. */
function byWord(lines: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const line of lines) {
    const space = line.indexOf(' ')
    const word = line.slice(0, space).replace(/\(\d+\)$/, '')
    const list = out.get(word) ?? []
    list.push(line.slice(space + 1))
    out.set(word, list)
  }
  return out
}

export async function recogniserFiles(input: RecogniserFilesInput): Promise<RecogniserFiles> {
  // Between two steps: the event loop's turn if the slice has run its time, and a stop asked for meanwhile.
  const step = async () => {
    await mainSlices.between()
    throwIfStopped(input.signal)
  }
  const sentences = spokenSentences(input.script)
  const spoken = [...new Set(sentences.flat())]
  const own = await pronounce(spoken, input.dict, {
    alsoSpell: spoken,
    spellOut: writtenAcronyms(input.script),
    ...(input.espeakPath ? { espeakPath: input.espeakPath } : {}),
  })
  const scriptWords = byWord(own.lines)
  const drop = new Set(own.missing)
  const kept = sentences.map((s) => s.filter((w) => !drop.has(w)))
  // Names, places and brands (script-names.ts).
  const names = scriptNames(input.script, input.names ?? [], (await generalWordTables(input.general)).likelihood)
  await step()
  const lm = await scriptLanguageModel({
    sentences: kept,
    pronunciations: scriptWords,
    dict: input.dict,
    general: input.general,
    builtIn: GENERAL_VOCABULARY,
    names,
    ...(input.tuning ? { tuning: input.tuning } : {}),
    ...(input.signal ? { signal: input.signal } : {}),
  })
  await step()
  const others = [...lm.vocabulary].filter((w) => !scriptWords.has(w))
  const rest = await pronounce(others, input.dict, { ...(input.espeakPath ? { espeakPath: input.espeakPath } : {}) })
  const unsayable = new Set(rest.missing)
  const sayable = (words: readonly string[]) => words.every((w) => !unsayable.has(w) && !drop.has(w))
  const heard = lm.sentences.filter((s) => sayable(s.words))
  await step()
  const arpa = await buildWeightedArpa(
    heard,
    lm.general.filter((g) => sayable([g.word])),
  )
  return { arpa, dict: `${[...own.lines, ...rest.lines].join('\n')}\n`, scriptWords, rivals: rivalsOf(heard) }
}

export interface FirstHearingFiles {
  /** The trigram model of the script's sentences plus general words (arpa-lm.ts), in ARPA text. */
  arpa: string
  /** The pronunciation dictionary of exactly its words. */
  dict: string
  /** The script's sentences as spoken words, without the words that cannot be pronounced. */
  sentences: string[][]
}

/** The files of the first hearing, the one that leans toward the script (pocketsphinx-engine.ts). */
export async function firstHearingFiles(script: string, dict: Dictionary): Promise<FirstHearingFiles> {
  const sentences = spokenSentences(script)
  const vocab = new Set([...sentences.flat(), ...GENERAL_VOCABULARY])
  const { lines, missing } = await pronounce(vocab, dict, {
    alsoSpell: sentences.flat(),
    spellOut: writtenAcronyms(script),
  })
  const drop = new Set(missing)
  const kept = sentences.map((s) => s.filter((w) => !drop.has(w)))
  return {
    arpa: buildArpa(
      kept,
      GENERAL_VOCABULARY.filter((w) => !drop.has(w)),
    ),
    dict: `${lines.join('\n')}\n`,
    sentences: kept,
  }
}
