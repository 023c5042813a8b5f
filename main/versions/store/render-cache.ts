/**
 * Renders of versions, kept by a hash of what they are made of: the edit list in its canonical text (its
 * sources are named there by their SHA-256) and the renderer's own version. The same edit list over the
 * same recordings is rendered once; a render that went missing is rendered again, to the same bytes.
 *
 * Each render's content hash is written with it (`<key>.sha256` beside `<key>.wav`) and checked before it
 * is played, restored or delivered (checkedRender): a render whose bytes changed on disk since, or that has
 * no hash (made before Booth kept them, or cut off before its hash was written), is rendered again from its
 * recordings — which are checked first, since they are what nothing can make again.
 */
import { createHash } from 'node:crypto'
import { mkdir, readFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { canonicalEditList, type EditList } from '../../../shared/versions/edit-list'
import { writeFileAtomic } from '../../storage/atomic-file'
import { closeAll, type Recordings } from './recordings'
import { renderEditList } from '../render/render-edit-list'

/** Changes whenever the renderer would write other bytes for the same list (a new dither, a new curve). */
export const RENDERER_VERSION = 'booth-render-2'

export function renderKey(list: EditList): string {
  return createHash('sha256').update(RENDERER_VERSION).update('\n').update(canonicalEditList(list)).digest('hex')
}

export interface Rendered {
  path: string
  key: string
  /** True when this call rendered it; false when the cached render was used. */
  fresh: boolean
}

/** Where a render's content hash is kept: beside it, `<key>.sha256`. */
export const renderHashPath = (rendersDir: string, key: string): string => join(rendersDir, `${key}.sha256`)

export async function renderCached(list: EditList, recordings: Recordings, rendersDir: string): Promise<Rendered> {
  const key = renderKey(list)
  const path = join(rendersDir, `${key}.wav`)
  if (await stat(path).catch(() => null)) return { path, key, fresh: false }
  await mkdir(rendersDir, { recursive: true })
  const sources = await recordings.open(list.pieces.map((p) => p.source))
  try {
    await renderEditList(list, sources, path)
  } finally {
    await closeAll(sources)
  }
  await writeFileAtomic(renderHashPath(rendersDir, key), `${await recordings.hashOf(path, true)}\n`)
  return { path, key, fresh: true }
}

/** A version's recordings that changed on disk since Booth wrote them, by hash (none: an empty list). */
export class DamagedRecordingsError extends Error {
  constructor(readonly damaged: readonly string[]) {
    super(
      `${damaged.length} recording${damaged.length === 1 ? '' : 's'} changed on disk since Booth wrote ${damaged.length === 1 ? 'it' : 'them'}.`,
    )
    this.name = 'DamagedRecordingsError'
  }
}

/** The hashes among `list`'s recordings whose bytes are no longer those they are named by. */
export async function damagedRecordings(list: EditList, recordings: Recordings, fresh = false): Promise<string[]> {
  const damaged: string[] = []
  for (const hash of new Set(list.pieces.map((p) => p.source)))
    if ((await recordings.check(hash, fresh)) === 'damaged') damaged.push(hash)
  return damaged
}

/** What is known of the render of a key: 'ok' (its bytes are the hash written with it), 'damaged', 'unknown' (no hash) or 'missing'. */
export async function checkRenderFile(
  rendersDir: string,
  key: string,
  hashOf: (path: string) => Promise<string>,
): Promise<'ok' | 'damaged' | 'unknown' | 'missing'> {
  const path = join(rendersDir, `${key}.wav`)
  if (!(await stat(path).catch(() => null))) return 'missing'
  const written = (await readFile(renderHashPath(rendersDir, key), 'utf8').catch(() => '')).trim()
  if (!/^[0-9a-f]{64}$/.test(written)) return 'unknown'
  return (await hashOf(path)) === written ? 'ok' : 'damaged'
}

/**
 * The render of `list`, checked: its recordings first (a damaged one throws DamagedRecordingsError: the
 * version cannot be made again), then the render against the hash written with it; one that changed, or
 * whose hash was never written, is rendered again. `fresh` reads every file again (right before an upload).
 */
export async function checkedRender(
  list: EditList,
  recordings: Recordings,
  rendersDir: string,
  fresh = false,
): Promise<Rendered & { remade: boolean }> {
  const damaged = await damagedRecordings(list, recordings, fresh)
  if (damaged.length) throw new DamagedRecordingsError(damaged)
  const key = renderKey(list)
  const state = await checkRenderFile(rendersDir, key, (path) => recordings.hashOf(path, fresh))
  if (state === 'ok') return { path: join(rendersDir, `${key}.wav`), key, fresh: false, remade: false }
  if (state !== 'missing') await rm(join(rendersDir, `${key}.wav`), { force: true })
  return { ...(await renderCached(list, recordings, rendersDir)), remade: state !== 'missing' }
}
