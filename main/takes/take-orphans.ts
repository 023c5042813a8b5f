/**
 * Audio in a take folder that no readable take record names: a take whose metadata file is gone, or
 * damaged in a way that no longer names its file (an empty file, say), or a move cut off between its audio
 * and its record. It is listed as damaged, never dropped and never deleted, so the talent still finds it.
 * Also: the versions' recordings and renders no version uses (unusedVersionFiles), which a start removes.
 */
import { META_SUFFIX } from './take-meta-file'
import { VERSIONS_FOLDER } from '../version-records/version-meta'
import type { TakeMeta } from './take-types'

/** Files beside the takes that are not audio: records, read-backs, damaged copies kept aside, leftovers. */
const NOT_AUDIO = [META_SUFFIX, '.readback.json']
/** Folders Booth keeps beside the takes: the recordings and renders of versions (version-meta.ts). */
const BOOTH_FOLDERS = new Set([VERSIONS_FOLDER])

export function orphanAudioNames(names: readonly string[], named: ReadonlySet<string>): string[] {
  return names
    .filter((name) => !name.startsWith('.') && !BOOTH_FOLDERS.has(name))
    .filter((name) => !NOT_AUDIO.some((suffix) => name.endsWith(suffix)) && !/\.damaged-[0-9TZ-]+(-\d+)?$/.test(name))
    .filter((name) => !named.has(name))
    .sort()
}

/**
 * The recordings and renders of a job's versions folder that no version uses: what a finish, pickup or comp
 * cut off by a crash had written before its version was kept. Used: every source, pickup base and patch of
 * every version of every take of the job, on either shelf (a deleted take may come back), each version's
 * render and its hash (a pending delivery uses the take's current version, so that is kept). Null — remove nothing
 * — when that cannot be known: a take record or one of its versions could not be read.
 */
export function unusedVersionFiles(
  folder: { recordings: readonly string[]; renders: readonly string[] },
  takes: readonly TakeMeta[],
  unreadableRecords: boolean,
): { recordings: string[]; renders: string[] } | null {
  if (unreadableRecords) return null
  const sources = new Set<string>()
  const renders = new Set<string>()
  for (const take of takes) {
    for (const v of take.versions ?? []) {
      if (v.unreadable) return null
      for (const p of v.edits?.pieces ?? []) sources.add(p.source)
      if (v.pickups) {
        sources.add(v.pickups.base)
        for (const p of v.pickups.patches) sources.add(p.source)
      }
      if (v.render_key) renders.add(v.render_key)
    }
  }
  const named = (pattern: RegExp, used: ReadonlySet<string>) => (name: string) => {
    const m = pattern.exec(name)
    return m !== null && !used.has(m[1] as string)
  }
  return {
    recordings: folder.recordings.filter(named(/^([0-9a-f]{64})\.wav$/, sources)).sort(),
    renders: folder.renders.filter(named(/^([0-9a-f]{64})\.(?:wav|sha256)$/, renders)).sort(),
  }
}
