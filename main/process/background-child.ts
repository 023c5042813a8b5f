/**
 * Every analysis process Booth starts (ffmpeg's passes and renders, pocketsphinx for the read-back and for
 * the prompter, espeak-ng for pronunciations) runs below normal priority: the recorder, the window and
 * playback come first, and a read-back or a reference pass still running when the next take stops never
 * holds that take's check back. On an idle machine a process below normal priority runs as fast as ever.
 *
 * - `spawnInBackground` lowers the child right after it is started (best effort: a system that does not
 *   allow it leaves the child at normal priority, and nothing fails). The child is the program itself,
 *   which starts its own threads only after it has read its arguments and opened its input, so they
 *   inherit the lower priority.
 * - `spawnShellInBackground` runs a POSIX shell script under `nice`: a shell starts the commands of a
 *   pipeline within a millisecond, before a priority set after the spawn could reach them, and only
 *   `nice` lowers the shell before it runs. Not for Windows (there is no /bin/sh).
 * The priority is never raised: a Booth started at a lower priority than this keeps its children there.
 */
import {
  spawn,
  type ChildProcess,
  type ChildProcessWithoutNullStreams,
  type SpawnOptionsWithoutStdio,
} from 'node:child_process'
import { constants, getPriority, setPriority } from 'node:os'

/** A nice value below normal (Windows: BELOW_NORMAL_PRIORITY_CLASS; the same constant). */
export const BACKGROUND_PRIORITY: number = constants.priority.PRIORITY_BELOW_NORMAL

/** Lowers a running process to background priority; false when it could not (gone, not allowed). */
export function lowerPriority(pid: number | undefined): boolean {
  if (pid === undefined) return false
  try {
    // Higher numbers are lower priorities; a process already lower stays where it is.
    if (getPriority(pid) < BACKGROUND_PRIORITY) setPriority(pid, BACKGROUND_PRIORITY)
    return true
  } catch {
    return false
  }
}

/** `spawn` for analysis work (same arguments, same typed child), at background priority from its start. */
export const spawnInBackground: typeof spawn = ((...args: Parameters<typeof spawn>) => {
  const child = (spawn as (...a: Parameters<typeof spawn>) => ChildProcess)(...args)
  lowerPriority(child.pid)
  return child
}) as typeof spawn

/**
 * `/bin/sh -c script arg0 args…` under `nice`, with its standard streams piped, so the shell and every
 * process it starts run at background priority (`nice` execs the shell: the same process, so a process
 * group when `options.detached`, the shell its leader, as without `nice`). `nice` adds to Booth's own
 * value, so it is given what brings the shell to background priority, as lowerPriority does: a Booth
 * itself started lower (nice 5, or 19) gives its children 10, or 19, never less than its own.
 */
export function spawnShellInBackground(
  script: string,
  args: readonly string[],
  options: SpawnOptionsWithoutStdio,
): ChildProcessWithoutNullStreams {
  const step = Math.max(0, BACKGROUND_PRIORITY - getPriority())
  return spawn('nice', ['-n', String(step), '/bin/sh', '-c', script, ...args], {
    ...options,
    stdio: ['pipe', 'pipe', 'pipe'],
  })
}
