/**
 * Audio in a take folder that no readable take record names: a take whose metadata file is gone, or
 * damaged in a way that no longer names its file (an empty file, say), or a move cut off between its audio
 * and its record. It is listed as damaged, never dropped and never deleted, so the talent still finds it.
 */
import { META_SUFFIX } from './take-meta-file'
import { VERSIONS_FOLDER } from '../version-records/version-meta'

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
