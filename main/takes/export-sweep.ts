/**
 * Clearing the copies a drag handed out (issue 42, point 11): each drag leaves a checked copy of a take under
 * `<dataDir>/exports/<take id>/[<n>/]<name>` (take-export.ts) for the app it was dropped on, which may keep
 * using it where it lies for a while; a day after it was last handed out (its modification time: a copy
 * handed out again is touched) nothing is expected to still read it, and it is removed, with the folders it
 * leaves empty. Only that layout is walked: a file anywhere else, a link (never followed) and whatever Export…
 * saved where the talent chose (`keep`; never inside this folder anyway: TakeExports.saveTo refuses it) are
 * left alone.
 */
import { lstat, readdir, rmdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'

/** How long a handed-out copy is kept after it was last handed out. */
export const EXPORT_COPY_KEEP_MS = 24 * 60 * 60 * 1000

export interface SweepOptions {
  now: number
  keepMs?: number
  /** Paths never removed (what Export… saved). */
  keep?: ReadonlySet<string>
}

/** Removes the old copies in `dir`; returns the paths removed. A file that cannot be read or removed is left. */
export async function sweepExportCopies(dir: string, o: SweepOptions): Promise<string[]> {
  const removed: string[] = []
  const old = async (path: string): Promise<void> => {
    if (o.keep?.has(path)) return
    const s = await lstat(path).catch(() => null)
    if (!s?.isFile() || o.now - s.mtimeMs <= (o.keepMs ?? EXPORT_COPY_KEEP_MS)) return
    if (
      await unlink(path).then(
        () => true,
        () => false,
      )
    )
      removed.push(path)
  }
  /** `<folder>`'s files, and with `nested` its numbered folders' files (`2/`, `3/`…); then the folder if empty. */
  const clear = async (folder: string, nested: boolean): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => [])
    for (const e of entries) {
      const path = join(folder, e.name)
      if (e.isFile()) await old(path)
      else if (nested && e.isDirectory() && /^[1-9]\d{0,3}$/.test(e.name)) await clear(path, false)
    }
    // Only an empty folder goes (rmdir refuses any other).
    await rmdir(folder).catch(() => undefined)
  }
  const takes = await readdir(dir, { withFileTypes: true }).catch(() => [])
  for (const e of takes) if (e.isDirectory()) await clear(join(dir, e.name), true)
  return removed
}
