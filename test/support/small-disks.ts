/**
 * Real disks that fill up or turn read-only, for the tests of what Booth says then: a small tmpfs mounted
 * on a folder (a full disk after a few writes) and a read-only bind remount of a folder (chmod is not
 * enough: these tests run as root, which ignores permissions). Both need mount(8) and the right to mount
 * (root, or a CI container with CAP_SYS_ADMIN). Where that is refused, `mountRefusal` says why, and the
 * tests that need it are skipped with that reason printed — never passed silently.
 */
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export interface Mounted {
  path: string
  unmount(): Promise<void>
}

/** Mounts a tmpfs of `bytes` on `dir` (made if missing). */
export async function mountSmallDisk(dir: string, bytes: number): Promise<Mounted> {
  await mkdir(dir, { recursive: true })
  await run('mount', ['-t', 'tmpfs', '-o', `size=${bytes},mode=0755`, 'tmpfs', dir])
  return { path: dir, unmount: () => unmount(dir) }
}

/** Makes `dir` read-only from now on (a read-only bind mount over itself); unmount() makes it writable again. */
export async function makeReadOnly(dir: string): Promise<Mounted> {
  await run('mount', ['--bind', dir, dir])
  // "Busy" while a file is being written through the new view (Booth writing a lock or metadata at that
  // moment): tried again, as a disk would go read-only between two writes.
  for (let attempt = 0; ; attempt++) {
    try {
      await run('mount', ['-o', 'remount,ro,bind', dir])
      break
    } catch (err) {
      if (attempt < 20 && /busy/i.test((err as Error).message)) {
        await new Promise((r) => setTimeout(r, 25))
        continue
      }
      await unmount(dir)
      throw err
    }
  }
  return { path: dir, unmount: () => unmount(dir) }
}

async function unmount(dir: string): Promise<void> {
  // Lazy: a file Booth still holds open must not keep the test's disk mounted.
  await run('umount', ['-l', dir]).catch(() => undefined)
}

/** Null when this machine lets the tests mount; else why not (printed by the tests it skips). */
export async function mountRefusal(): Promise<string | null> {
  const probe = await mkdtemp(join(tmpdir(), 'booth-mount-probe-'))
  try {
    const small = await mountSmallDisk(join(probe, 'small'), 64 * 1024)
    await small.unmount()
    const ro = await makeReadOnly(probe)
    await ro.unmount()
    return null
  } catch (err) {
    return `this machine refuses mount(8) (${(err as Error).message.split('\n')[0]}); the full-disk and read-only tests need root or CAP_SYS_ADMIN`
  } finally {
    await rm(probe, { recursive: true, force: true })
  }
}

/** Fills the disk holding `dir` (a small tmpfs of its own) with `<dir>/.filler` until `leaveBytes` are left, or none. */
export async function fillUp(dir: string, leaveBytes = 0): Promise<void> {
  const { statfs, open } = await import('node:fs/promises')
  const fh = await open(join(dir, '.filler'), 'a')
  try {
    for (;;) {
      const s = await statfs(dir)
      const free = s.bavail * s.bsize
      if (free <= leaveBytes || free === 0) return
      const { bytesWritten } = await fh.write(Buffer.alloc(Math.min(64 * 1024, Math.max(1, free - leaveBytes))))
      if (bytesWritten === 0) return
    }
  } catch {
    // Full: the disk said no.
  } finally {
    await fh.close()
  }
}

/** Prints why a group of tests is skipped, so a skipped run is never read as a pass. */
export function sayWhySkipped(what: string, reason: string | null): void {
  if (reason) console.warn(`\n*** SKIPPED: ${what}: ${reason} ***\n`)
}
