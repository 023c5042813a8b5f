/**
 * Who holds a lock file, told apart from a later process that happens to get the same pid: the pid, the
 * process's start time as the operating system records it, and the computer's name. A lock left by a
 * process that is gone (killed, crashed, the computer restarted) is stale and may be taken over.
 *
 * Start time: Linux reads /proc/<pid>/stat (field 22, clock ticks since boot) with the boot id, macOS asks
 * `ps -o lstart=`; elsewhere (Windows) it is unknown and a living pid counts as the holder.
 */
import { execFileSync } from 'node:child_process'
import { childEnv } from '../security/child-env'
import { readFileSync } from 'node:fs'
import { hostname } from 'node:os'

export interface ProcessIdentity {
  pid: number
  /** The OS's start time of that process as an opaque token; null where it cannot be read. */
  started: string | null
  host: string
}

export type HolderState = 'alive' | 'gone' | 'elsewhere'

/** How the holder's liveness is checked; injectable so tests can stand in for another computer or platform. */
export interface ProcessProbe {
  startedOf(pid: number): string | null
  isRunning(pid: number): boolean
  host(): string
}

function linuxStarted(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = fields[19]
    if (!ticks) return null
    let boot = ''
    try {
      boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
    } catch {
      // No boot id: the ticks alone still tell two processes of one boot apart.
    }
    return `${boot}:${ticks}`
  } catch {
    return null
  }
}

function macStarted(pid: number): string | null {
  try {
    const out = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      timeout: 2_000,
      stdio: ['ignore', 'pipe', 'ignore'],
      env: childEnv(),
    }).trim()
    return out || null
  } catch {
    return null
  }
}

export const systemProbe: ProcessProbe = {
  startedOf: (pid) =>
    process.platform === 'linux' ? linuxStarted(pid) : process.platform === 'darwin' ? macStarted(pid) : null,
  isRunning: (pid) => {
    try {
      process.kill(pid, 0)
      return true
    } catch (err) {
      // EPERM: the process exists but belongs to someone else.
      return (err as NodeJS.ErrnoException).code === 'EPERM'
    }
  },
  host: () => hostname(),
}

export function ownIdentity(probe: ProcessProbe = systemProbe): ProcessIdentity {
  return { pid: process.pid, started: probe.startedOf(process.pid), host: probe.host() }
}

/**
 * Whether the process a lock names still runs: 'gone' when its pid is free or now belongs to a process
 * started at another time; 'elsewhere' when it ran on another computer (a shared folder), which this one
 * cannot check.
 */
export function holderState(holder: ProcessIdentity, probe: ProcessProbe = systemProbe): HolderState {
  if (holder.host !== probe.host()) return 'elsewhere'
  if (!probe.isRunning(holder.pid)) return 'gone'
  if (holder.started === null) return 'alive'
  const now = probe.startedOf(holder.pid)
  return now === null || now === holder.started ? 'alive' : 'gone'
}

export function isProcessIdentity(v: unknown): v is ProcessIdentity {
  if (typeof v !== 'object' || v === null) return false
  const o = v as Record<string, unknown>
  return (
    Number.isInteger(o['pid']) &&
    (o['pid'] as number) > 0 &&
    (o['started'] === null || typeof o['started'] === 'string') &&
    typeof o['host'] === 'string'
  )
}
