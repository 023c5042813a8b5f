/**
 * A take's kept read-back (`<take id>.readback.json`, or a version's own) as the hearing of the audio it
 * was made of (version-hearing.ts): its words, doubts, second hearing and rival contests. A result kept before Booth kept
 * the second hearing (no `cross` at all) still gives its words, but is no whole hearing: a version made of
 * that audio hears it again rather than lose how sure each finding was.
 */
import { readFile } from 'node:fs/promises'
import type { ReadbackStored } from '../../../shared/bridge-readback'
import type { TimedWord } from '../../../shared/readback/types'
import type { Hearing } from './version-hearing'

export interface StoredHearing {
  /** The whole hearing; null when the result is older than the second hearing's keeping. */
  hearing: Hearing | null
  words: TimedWord[]
  /** The script it was checked against, and its revision. */
  script: { text: string; revision_id: string | null }
}

/** The hearing kept at `path` for take `takeId`; null when there is none (or it is another take's). */
export async function readStoredHearing(path: string, takeId: string): Promise<StoredHearing | null> {
  let v: ReadbackStored
  try {
    v = JSON.parse(await readFile(path, 'utf8')) as ReadbackStored
  } catch {
    return null
  }
  if (!v || v.take_id !== takeId || !Array.isArray(v.words) || typeof v.script_read?.text !== 'string') return null
  const whole = v.cross === null || (typeof v.cross === 'object' && Array.isArray(v.cross?.words))
  return {
    words: v.words,
    script: { text: v.script_read.text, revision_id: v.script_read.revision_id ?? null },
    hearing: whole
      ? {
          words: v.words,
          doubts: Array.isArray(v.doubts) ? v.doubts : [],
          cross: v.cross ?? null,
          engine: typeof v.engine === 'string' ? v.engine : '',
          ...(Array.isArray(v.contests) && v.contests.length ? { contests: v.contests } : {}),
        }
      : null,
  }
}
