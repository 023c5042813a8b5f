/**
 * Booth's data is the person's own: recordings, scripts, the job list, logs. Every folder Booth makes is
 * 0700 and every file 0600, so another user of the same computer reads none of it. Two steps hold that:
 * - `keepNewFilesPrivate()` at start sets the process umask to 077, so every file and folder this process
 *   (and every child it starts: ffmpeg writing a render) creates is private, whatever call made it;
 * - `makeTreePrivate(dataDir)` once at start narrows what an older Booth left readable (one walk, cheap).
 * On Windows modes mean nothing (the profile folder's ACL keeps the data private); both steps do nothing there.
 */
import { lstat, readdir, chmod } from 'node:fs/promises'
import { join } from 'node:path'

export const PRIVATE_FILE_MODE = 0o600
export const PRIVATE_DIR_MODE = 0o700
/** Group and other bits: none of them may be set on anything Booth keeps. */
const SHARED_BITS = 0o077

/**
 * Every file and folder this process creates from now on is private (umask 077). Returns false where a
 * umask cannot be set (Windows, a worker thread), which changes nothing there.
 */
export function keepNewFilesPrivate(platform: NodeJS.Platform = process.platform): boolean {
  if (platform === 'win32') return false
  try {
    process.umask(SHARED_BITS)
    return true
  } catch {
    return false
  }
}

export interface TreePrivacy {
  /** How many files and folders were readable by others and are now private. */
  narrowed: number
  /** Entries whose mode could not be changed (another owner's file); they are left as they are. */
  refused: number
}

/**
 * Makes `root` and everything under it private: the group's and others' bits are cleared, the owner's
 * kept (a folder 0755 becomes 0700, a file 0644 becomes 0600). Symbolic links are not followed. A missing root is nothing to do.
 */
export async function makeTreePrivate(
  root: string,
  platform: NodeJS.Platform = process.platform,
): Promise<TreePrivacy> {
  const result: TreePrivacy = { narrowed: 0, refused: 0 }
  if (platform === 'win32') return result
  const visit = async (path: string): Promise<void> => {
    let info
    try {
      info = await lstat(path)
    } catch {
      return // gone meanwhile
    }
    if (info.isSymbolicLink()) return
    const isDir = info.isDirectory()
    if (!isDir && !info.isFile()) return
    const mode = info.mode & 0o7777
    if ((mode & SHARED_BITS) !== 0) {
      try {
        // The owner's own bits stay as they were (a folder 0755 becomes 0700, a take 0644 becomes 0600).
        await chmod(path, mode & 0o700)
        result.narrowed++
      } catch {
        result.refused++
      }
    }
    if (!isDir) return
    let names: string[]
    try {
      names = await readdir(path)
    } catch {
      return
    }
    for (const name of names) await visit(join(path, name))
  }
  await visit(root)
  return result
}

/** The one log line of the start-up walk, or null when everything was already private. */
export function treePrivacyLine(root: string, privacy: TreePrivacy): string | null {
  if (privacy.narrowed === 0 && privacy.refused === 0) return null
  const made =
    `made ${privacy.narrowed} file${privacy.narrowed === 1 ? '' : 's'} or ` +
    `folder${privacy.narrowed === 1 ? '' : 's'} in ${root} readable by this user only`
  return privacy.refused ? `${made}; ${privacy.refused} could not be changed (another owner's?)` : made
}
