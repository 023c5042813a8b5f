/**
 * How much a folder holds on disk: files and bytes, counted recursively. Symbolic links are not followed
 * (a link out of the data folder must not make it look larger), and a file that vanishes mid-count is
 * simply not counted.
 */
import { lstat, readdir } from 'node:fs/promises'
import { join } from 'node:path'

export interface FolderSize {
  files: number
  bytes: number
}

/** Files and bytes under `dir`; a missing folder holds nothing. */
export async function folderSize(dir: string): Promise<FolderSize> {
  let entries: import('node:fs').Dirent[]
  try {
    entries = await readdir(dir, { withFileTypes: true })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { files: 0, bytes: 0 }
    throw err
  }
  const total: FolderSize = { files: 0, bytes: 0 }
  for (const entry of entries) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      const inner = await folderSize(path)
      total.files += inner.files
      total.bytes += inner.bytes
    } else if (entry.isFile()) {
      const info = await lstat(path).catch(() => null)
      if (info) {
        total.files += 1
        total.bytes += info.size
      }
    }
  }
  return total
}
