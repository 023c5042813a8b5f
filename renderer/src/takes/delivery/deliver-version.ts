/**
 * The version a delivery sends, in the words its confirmation titles name it: "version 2 (pickup placed)".
 * A take never fixed has one version, its recording, and its name alone says what goes. Pure.
 */
import type { TakeVersion, VersionOperation } from '../../../../shared/versions/types'

const OPERATION_WORDS: Record<VersionOperation, string> = {
  recording: 'as recorded',
  pickup: 'pickup placed',
  punch: 'punched in',
  comp: 'the comp',
  cut_restart: 'false start cut',
  cut_removed: 'removed lines cut',
  finish: 'finished for delivery',
}

/** "version 2 (pickup placed)", or null while the take has only its recording. */
export function deliveredVersionWords(take: {
  versions?: readonly TakeVersion[]
  current_version?: number
}): string | null {
  if (!take.versions || take.versions.length < 2) return null
  const number = take.current_version ?? 1
  const version = take.versions.find((v) => v.number === number)
  return version ? `version ${number} (${OPERATION_WORDS[version.operation]})` : `version ${number}`
}

/** The take's name with the version it sends: "MILL-0042_main_03, version 2 (pickup placed)". */
export function nameWithVersion(
  name: string,
  take: { versions?: readonly TakeVersion[]; current_version?: number },
): string {
  const version = deliveredVersionWords(take)
  return version ? `${name}, ${version}` : name
}
