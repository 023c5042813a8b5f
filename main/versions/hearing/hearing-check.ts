/**
 * The one check of what audio was heard to say against a script, for the app's versions (version-work.ts)
 * and the command lines (`npm run finish`, finish-check.ts) alike: the names weighed as names, and the
 * sound-alike rule fed with how the engine says the words (its dictionary), so a reading that only sounds
 * like the script's word is "Listen here" in both, never "Differs" in one of them.
 */
import type { ReadbackCheck } from '../../../shared/readback/types'
import { compareToScript, wordsToSound } from '../../readback/index'
import type { Hearing } from './version-hearing'
import type { Transcribe } from './version-inputs'

export interface CheckedScript {
  text: string
  /** Names to weigh as names (the job's advertiser and customer); none on the command line. */
  names?: readonly string[]
}

export async function checkHearing(
  script: CheckedScript,
  h: Hearing,
  engine: Pick<Transcribe, 'soundsOf'>,
  now: number = Date.now(),
): Promise<ReadbackCheck> {
  // Sound-alikes weighed as the take's own read-back weighed them (read-back.ts), so mapping changes no certainty.
  const sounds =
    h.cross && engine.soundsOf ? await engine.soundsOf(wordsToSound(script.text, h.words, h.cross.words)) : undefined
  return compareToScript(script.text, h.words, {
    names: script.names ?? [],
    now,
    doubts: h.doubts,
    ...(h.cross ? { cross: h.cross } : {}),
    ...(sounds ? { sounds } : {}),
    // The take's rival contests, so a finding its read-back made unsure is unsure in the version too.
    ...(h.contests?.length ? { contests: h.contests } : {}),
  })
}
