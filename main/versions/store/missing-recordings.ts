/**
 * A version's render made again from its edit list, and, when a recording it is made of has gone from
 * the versions folder (deleted by hand, a disk restored from an old copy), the version it breaks named in
 * words: "Version 2 cannot be played: its pickup recording (Pickup 5) is missing." — never a raw ENOENT; and one
 * whose recording's bytes are no longer those it is named by (its SHA-256) named the same way: "Version 2's
 * recording is damaged (changed on disk since Booth wrote it)".
 */
import { stat } from 'node:fs/promises'
import type { TakeVersion } from '../../../shared/versions/types'
import { TakeInputError } from '../../takes/take-input-checks'
import type { TakeMeta } from '../../takes/take-types'
import type { Recordings } from './recordings'
import { checkedRender, DamagedRecordingsError, type Rendered } from './render-cache'

export class MissingRecordingError extends TakeInputError {
  constructor(
    message: string,
    readonly version: number,
    readonly missing: readonly string[],
  ) {
    super(message)
    this.name = 'MissingRecordingError'
  }
}

/** What a recording is to a version, in words: "its pickup recording (Pickup 5)", "the take's recording". */
export function recordingRole(v: Pick<TakeVersion, 'operation' | 'pickups' | 'edits'>, hash: string): string {
  const patch = v.pickups?.patches.find((p) => p.source === hash)
  if (patch) return `its pickup recording (${patch.source_name})`
  if (v.pickups?.base === hash) return 'the take recording it was made from'
  const first = v.edits?.pieces[0]?.source
  if (v.operation === 'punch' && first !== hash) return 'its punch recording'
  if (v.operation === 'comp') return 'a recording of the comp'
  return 'the take recording it was made from'
}

/** The hashes of a version's recordings that are not on disk. */
export async function missingRecordings(v: TakeVersion, recordings: Recordings): Promise<string[]> {
  const hashes = [...new Set((v.edits?.pieces ?? []).map((p) => p.source))]
  const gone: string[] = []
  for (const h of hashes) if (!(await stat(recordings.pathOf(h)).catch(() => null))) gone.push(h)
  return gone
}

export function missingRecordingMessage(v: TakeVersion, missing: readonly string[]): string {
  const roles = [...new Set(missing.map((h) => recordingRole(v, h)))]
  const what =
    roles.length === 1 ? `${roles[0]} is` : `${roles.slice(0, -1).join(', ')} and ${roles[roles.length - 1]} are`
  return `Version ${v.number} cannot be played: ${what} missing. The take's other versions are kept.`
}

/** Why a damaged file is damaged, in the words the window and the delivery queue use. */
export const CHANGED_ON_DISK = 'changed on disk since Booth wrote it'

/** What a damaged recording is to its version, as a noun: "pickup recording (Pickup 5)", "punch recording", "recording". */
export function damagedNoun(v: Pick<TakeVersion, 'operation' | 'pickups' | 'edits'>, hash: string): string {
  const patch = v.pickups?.patches.find((p) => p.source === hash)
  if (patch) return `pickup recording (${patch.source_name})`
  if (v.operation === 'punch' && v.edits?.pieces[0]?.source !== hash) return 'punch recording'
  return 'recording'
}

/** "Version 2's recording is damaged (changed on disk since Booth wrote it)" — no full stop, so it can be joined. */
export function damagedVersionNote(
  v: Pick<TakeVersion, 'number' | 'operation' | 'pickups' | 'edits'>,
  damaged: readonly string[],
): string {
  const nouns = [...new Set(damaged.map((h) => damagedNoun(v, h)))]
  const what =
    nouns.length === 1 ? `${nouns[0]} is` : `${nouns.slice(0, -1).join(', ')} and ${nouns[nouns.length - 1]} are`
  return `Version ${v.number}'s ${what} damaged (${CHANGED_ON_DISK})`
}

/** A version whose recording changed on disk: named, and never played, restored, delivered or uploaded. */
export class DamagedVersionError extends TakeInputError {
  constructor(
    message: string,
    readonly version: number,
  ) {
    super(message)
    this.name = 'DamagedVersionError'
  }
}

/**
 * Renders version `v` of `take` when its render is missing (the same bytes as before), after checking its
 * recordings and its render against the hashes written with them (render-cache.ts: a render that changed is
 * made again; a recording that changed is named: DamagedVersionError). `fresh` reads every file again.
 */
export async function renderVersion(
  take: Pick<TakeMeta, 'take_number'>,
  v: TakeVersion,
  recordings: Recordings,
  rendersDir: string,
  fresh = false,
): Promise<Rendered> {
  if (!v.edits) throw new TakeInputError(`Version ${v.number} of take ${take.take_number} has no edits to render.`)
  try {
    return await checkedRender(v.edits, recordings, rendersDir, fresh)
  } catch (err) {
    if (err instanceof DamagedRecordingsError) {
      throw new DamagedVersionError(
        `${damagedVersionNote(v, err.damaged)}, so take ${take.take_number} is not played, restored or delivered at that version.`,
        v.number,
      )
    }
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
    const missing = await missingRecordings(v, recordings)
    if (missing.length === 0) throw err
    throw new MissingRecordingError(missingRecordingMessage(v, missing), v.number, missing)
  }
}
