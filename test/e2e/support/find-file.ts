import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The file `name` somewhere under `dir`. Booth keeps working while this looks (its lock files come and go),
 * so a folder's entries are read as directory entries, and a folder gone by the time it is read is passed over.
 */
export function findFile(dir: string, name: string): string | null {
  let entries
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return null
  }
  for (const entry of entries) {
    const path = join(dir, entry.name)
    if (entry.name === name) return path
    if (entry.isDirectory()) {
      const found = findFile(path, name)
      if (found) return found
    }
  }
  return null
}
