/**
 * Which of a take's versions are damaged: a version's recordings are checked against the SHA-256 they are
 * named by, version 1 (the take's own file) against the recording or seal it is hard-linked to (sealed as it
 * was written, recordings.ts). A damaged version is named in words, never played, restored or delivered
 * (take-versions.ts asks before each).
 */
import type { TakeVersion, VersionsView } from '../../../shared/versions/types'
import { numbersInWords } from '../../../shared/versions/unreadable-versions'
import type { TakeStore } from '../../takes/take-store'
import type { TakeMeta } from '../../takes/take-types'
import { DamagedVersionError, damagedVersionNote } from './missing-recordings'
import type { Recordings } from './recordings'
import { damagedRecordings } from './render-cache'

/**
 * The versions whose recordings changed on disk since Booth wrote them, each in words ("Version 2's
 * recording is damaged (changed on disk since Booth wrote it)"). Each file is read once per change of it;
 * `fresh` reads them all again.
 */
export async function versionDamage(
  store: TakeStore,
  recordings: Recordings,
  meta: TakeMeta,
  versions: readonly TakeVersion[],
  fresh = false,
): Promise<Map<number, string>> {
  const notes = new Map<number, string>()
  for (const v of versions) {
    if (v.unreadable) continue
    const bad = v.edits ? await damagedRecordings(v.edits, recordings, fresh) : []
    if (v.number === 1 && bad.length === 0) {
      // The take's own file: against the hash it is linked in under (a version's recording, or its seal).
      const path = store.recordingPath(meta)
      const own = await recordings.linkedHashOf(path)
      if (own) {
        if ((await recordings.hashOf(path, fresh).catch(() => own)) !== own) bad.push(own)
      } else if (!meta.versions && meta.state === 'ready' && meta.source !== 'comp') {
        // Not sealed as it was written (a take from before seals were made then, a disk that could not link):
        // its hash is kept from its first check on.
        await recordings.seal(path).catch(() => undefined)
      }
    }
    if (bad.length) notes.set(v.number, damagedVersionNote(v, bad))
  }
  return notes
}

/**
 * Keeps the hash of a take's own file with it (a seal, recordings.ts), as the file is written: a take with
 * versions or a comp's first render is not a recording, and one already linked in keeps its hash.
 */
export async function sealOwnFile(store: TakeStore, recordings: Recordings, meta: TakeMeta): Promise<void> {
  if (meta.versions || meta.state !== 'ready' || meta.source === 'comp') return
  const path = store.recordingPath(meta)
  if (await recordings.linkedHashOf(path)) return
  await recordings.seal(path)
}

/** The versions as the window lists them, each damaged one named (the list's `damaged`, and the version's own). */
export function damagedView(view: VersionsView, notes: ReadonlyMap<number, string>): VersionsView {
  if (notes.size === 0) return view
  return {
    ...view,
    versions: view.versions.map((v) =>
      notes.has(v.number) ? { ...v, damaged: `${notes.get(v.number) as string}.` } : v,
    ),
    damaged: damageSummary(
      view.versions.map((v) => v.number),
      notes,
    ),
  }
}

/** Throws DamagedVersionError when version `n` of the take is damaged, saying which of its versions are fine. */
export function refuseDamaged(
  meta: TakeMeta,
  versions: readonly TakeVersion[],
  notes: ReadonlyMap<number, string>,
  n: number,
): void {
  const note = notes.get(n)
  if (!note) return
  const fine = versions.filter((v) => !v.unreadable && !notes.has(v.number)).map((v) => v.number)
  throw new DamagedVersionError(
    `${note}, so take ${meta.take_number} is not played, restored or delivered at version ` +
      `${n}${fine.length ? `; ${numbersInWords(fine)} ${fine.length === 1 ? 'is' : 'are'} fine` : ''}.`,
    n,
  )
}

/** "Version 2's recording is damaged (changed on disk since Booth wrote it); versions 1 and 3 are fine." */
export function damageSummary(numbers: readonly number[], notes: ReadonlyMap<number, string>): string {
  const fine = numbers.filter((n) => !notes.has(n))
  const named = [...notes.values()]
    .map((note, i) => (i === 0 ? note : `${note.charAt(0).toLowerCase()}${note.slice(1)}`))
    .join('; ')
  return `${named}${fine.length ? `; ${numbersInWords(fine)} ${fine.length === 1 ? 'is' : 'are'} fine` : ''}.`
}
