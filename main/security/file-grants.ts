/**
 * Files the window may name: main hands out a one-time id for each file the person dropped or chose
 * (the web host for each upload it received, the desktop preload for each dropped file Electron knows
 * the path of), and a call that imports a file names that id, never a path. So a page that is not what
 * it should be (a script injected into it, a compromised renderer) cannot make Booth read a file of its
 * choosing — `~/.ssh/id_ed25519`, a device, a pipe — nor learn which of them exist.
 */
import { randomBytes } from 'node:crypto'

/** The one sentence for an id main did not hand out (or already used): it tells nothing about any path. */
export const ONLY_GIVEN_FILES = 'Booth can only import a file you dropped or chose.'

/** Ids that are kept at most: a window that asks for more forgets its oldest (each is good for one import). */
const KEPT_AT_MOST = 200

export class FileGrants {
  private readonly granted = new Map<string, string>()

  constructor(private readonly keptAtMost = KEPT_AT_MOST) {}

  /** A one-time id for `path`, a file the person handed to Booth. */
  grant(path: string): string {
    const id = `file-${randomBytes(18).toString('base64url')}`
    this.granted.set(id, path)
    for (const oldest of this.granted.keys()) {
      if (this.granted.size <= this.keptAtMost) break
      this.granted.delete(oldest)
    }
    return id
  }

  /** The path behind `id`, once; null for anything main did not hand out or that was used already. */
  take(id: string): string | null {
    if (typeof id !== 'string') return null
    const path = this.granted.get(id)
    if (path === undefined) return null
    this.granted.delete(id)
    return path
  }
}
