/**
 * The read-back's comparison, without any engine: the script text and the timed words heard in a take
 * go in; the check object with times and script positions comes out.
 */
import type { ReadbackCheck, TimedWord } from '../../shared/readback/types'
import { align } from './align'
import { buildCheck } from './check-builder'
import { heardWords } from './heard-words'
import { scriptModel } from './script-model'

export interface CompareOptions {
  /** Names to weigh as names wherever they stand (customer, advertiser, product). */
  names?: readonly string[]
  now?: number
}

export function compareToScript(scriptText: string, heard: readonly TimedWord[], options: CompareOptions = {}): ReadbackCheck {
  const script = scriptModel(scriptText, options.names ?? [])
  const words = heardWords(heard)
  const ops = align(script.words, words)
  return buildCheck(script, words, ops, { now: options.now ?? Date.now() })
}
