/**
 * Renders of versions, kept by a hash of what they are made of: the edit list in its canonical text (its
 * sources are named there by their SHA-256) and the renderer's own version. The same edit list over the
 * same recordings is rendered once; a render that went missing is rendered again, to the same bytes.
 */
import { createHash } from 'node:crypto'
import { mkdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { canonicalEditList, type EditList } from '../../shared/versions/edit-list'
import { closeAll, type Recordings } from './recordings'
import { renderEditList } from './render-edit-list'

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
  return { path, key, fresh: true }
}
