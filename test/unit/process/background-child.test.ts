/**
 * Analysis processes run below normal priority (main/process/background-child.ts): real children are
 * started through the module and their priority read back from the OS, every thread and every process of
 * a shell pipeline included, for ffmpeg and the prompter's recogniser as Booth starts them.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { getPriority, setPriority, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  BACKGROUND_PRIORITY,
  lowerPriority,
  spawnInBackground,
  spawnShellInBackground,
} from '../../../main/process/background-child'
import { runFfmpeg } from '../../../main/audio/run-ffmpeg'
import { killAllFfmpeg } from '../../../main/audio/ffmpeg-registry'
import { UtteranceDecode } from '../../../main/prompter/utterance-decode'

const linux = process.platform === 'linux'
const started: ChildProcess[] = []
afterEach(() => {
  for (const c of started.splice(0)) {
    try {
      if (c.pid) process.kill(-c.pid, 'SIGKILL')
    } catch {
      c.kill('SIGKILL')
    }
  }
})

async function until<T>(find: () => T | null | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 5000
  for (;;) {
    const found = find()
    if (found !== null && found !== undefined) return found
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

/** Every process: pid, parent, process group, nice value and name. */
function processes(): Array<{ pid: number; ppid: number; pgid: number; ni: number; comm: string }> {
  return execFileSync('ps', ['-eo', 'pid=,ppid=,pgid=,ni=,comm='], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const [pid, ppid, pgid, ni, ...comm] = l.trim().split(/\s+/)
      return { pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid), ni: Number(ni), comm: comm.join(' ') }
    })
}

/** The nice value of each thread of a process (Linux: field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNices(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
  })
}

/**
 * The priority Booth gives an analysis child from this process: background, or this process's own when it
 * is already lower (a test run started with `nice`).
 */
const BACKGROUND_HERE = Math.max(getPriority(), BACKGROUND_PRIORITY)

describe('analysis children at background priority', () => {
  it('is below normal priority on every platform (Windows: BELOW_NORMAL)', () => {
    expect(BACKGROUND_PRIORITY).toBeGreaterThan(0)
    expect(BACKGROUND_PRIORITY).toBe(10)
  })

  it('spawnInBackground starts the child below normal priority, the typed child as spawn gives it', async () => {
    const child = spawnInBackground('sleep', ['5'], { stdio: ['ignore', 'pipe', 'pipe'] })
    started.push(child)
    expect(getPriority(child.pid as number)).toBe(BACKGROUND_HERE)
    // A plain spawn, for comparison, runs at this process's priority.
    const plain = spawn('sleep', ['5'], { stdio: 'ignore' })
    started.push(plain)
    expect(getPriority(plain.pid as number)).toBe(getPriority())
    expect(child.stdout).not.toBeNull()
  })

  it('never raises a priority: a child already lower stays there, and a gone one is reported', () => {
    const child = spawn('sleep', ['5'], { stdio: 'ignore' })
    started.push(child)
    // Lower than background (only ever lowered from this process's own, which needs no privilege).
    const lower = Math.min(19, BACKGROUND_HERE + 5)
    setPriority(child.pid as number, lower)
    expect(lowerPriority(child.pid)).toBe(true)
    expect(getPriority(child.pid as number)).toBe(lower)
    expect(lowerPriority(undefined)).toBe(false)
    expect(lowerPriority(2 ** 22 + 12345)).toBe(false)
  })

  it.skipIf(process.platform === 'win32')(
    'spawnShellInBackground lowers the shell and every process of its pipeline, in its own group',
    async () => {
      const child = spawnShellInBackground('cat | exec "$0" "$@"', ['sleep', '5'], { detached: true })
      started.push(child)
      const pid = child.pid as number
      const group = await until(() => {
        const members = processes().filter((p) => p.pgid === pid)
        return members.some((p) => p.comm === 'cat') && members.some((p) => p.comm === 'sleep') ? members : null
      }, 'the pipeline')
      expect(group.map((p) => p.ni)).toEqual(group.map(() => BACKGROUND_HERE))
    },
  )

  it.skipIf(!linux)('ffmpeg runs below normal priority, every one of its threads', async () => {
    const run = runFfmpeg([
      '-re',
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=8000:cl=mono',
      '-af',
      'volume=0.5',
      '-f',
      'null',
      '-',
    ])
    const ffmpeg = await until(() => processes().find((p) => p.ppid === process.pid && p.comm === 'ffmpeg'), 'ffmpeg')
    // Its threads (started once it has opened its input) inherit the priority.
    await until(() => (threadNices(ffmpeg.pid).length > 1 ? true : null), "ffmpeg's threads")
    expect(threadNices(ffmpeg.pid).every((n) => n === BACKGROUND_HERE)).toBe(true)
    killAllFfmpeg()
    await run.catch(() => undefined)
  })

  it.skipIf(process.platform === 'win32')(
    "the prompter's recogniser run (sh, cat and the recogniser, piped) is below normal priority",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'booth-priority-'))
      // A stand-in recogniser (it reads nothing, and prints nothing).
      const decode = new UtteranceDecode(
        { binary: '/bin/sh', args: ['-c', 'exec sleep 5', 'recogniser'], dir, input: 'pipe' },
        0,
        0,
      )
      try {
        decode.write(new Float32Array(1600))
        const members = await until(() => {
          const mine = processes().filter((p) => p.ppid === process.pid && p.comm === 'sh')
          const group = processes().filter((p) => mine.some((m) => m.pid === p.pgid))
          return group.some((p) => p.comm === 'sleep') ? group : null
        }, 'the recogniser')
        expect(members.length).toBeGreaterThanOrEqual(2)
        expect(members.map((p) => p.ni)).toEqual(members.map(() => BACKGROUND_HERE))
      } finally {
        decode.kill()
        rmSync(dir, { recursive: true, force: true })
      }
    },
  )
})
