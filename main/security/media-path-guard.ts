/**
 * Allow-list for the local media protocol (`booth-media:`): a requested file is served only when, after
 * resolving `..` and every symbolic link, it is a regular file strictly inside one of the allowed folders
 * (the takes folder, the sample media). A link inside a take folder that points at ~/.ssh is refused.
 */
import { promises as fsp } from 'node:fs'
import { isAbsolute, relative, resolve, sep } from 'node:path'

async function realOrNull(path: string): Promise<string | null> {
  try {
    return await fsp.realpath(path)
  } catch {
    return null
  }
}

/** Whether `child` is strictly inside `root` (not `root` itself, not beside or above it); both already resolved. */
export function isInside(child: string, root: string): boolean {
  const rel = relative(root, child)
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)
}

/**
 * The real path of `path` when it may be served, otherwise null. Serve the returned path (not the input),
 * so what was checked is what is read. `path` must be absolute; NUL bytes are refused.
 */
export async function resolveAllowedMediaPath(path: string, allowedRoots: readonly string[]): Promise<string | null> {
  if (typeof path !== 'string' || path === '' || path.includes('\0') || !isAbsolute(path)) return null
  if (!Array.isArray(allowedRoots) || allowedRoots.length === 0) return null
  const real = await realOrNull(resolve(path))
  if (real === null) return null
  const roots = await Promise.all(
    allowedRoots
      .filter((root) => typeof root === 'string' && isAbsolute(root) && !root.includes('\0'))
      .map((root) => realOrNull(resolve(root))),
  )
  if (!roots.some((root) => root !== null && isInside(real, root))) return null
  try {
    return (await fsp.stat(real)).isFile() ? real : null
  } catch {
    return null
  }
}

/** True when `path` may be served by the media protocol (see resolveAllowedMediaPath). */
export async function isAllowedMediaPath(path: string, allowedRoots: readonly string[]): Promise<boolean> {
  return (await resolveAllowedMediaPath(path, allowedRoots)) !== null
}
