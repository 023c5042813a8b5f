/**
 * Booth's web host in its own process on a data folder the test chooses, so a second launch finds what
 * the first one saved (the offline-launch spec); booth-host.ts's startBooth runs it on a fresh folder.
 * Stopping it keeps the folder; the caller removes it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { webHostArgs } from '../../support/web-host-command'

export interface WebHostProcess {
  launchUrl: string
  pid: number
  stop(): Promise<void>
  /** SIGKILL, as a crash would end it: nothing is put away. Resolves once the process is gone. */
  kill(): Promise<void>
  /** What it printed so far. */
  output(): string
  /** The failures that reached main's last resort (main/app/last-resort.ts): each one a test failure. */
  lastResort(): string[]
}

/** Main's last resort writes each failure that reached it on a line of its own starting with this. */
const LAST_RESORT_MARKER = 'BOOTH-LAST-RESORT'

/** Throws when anything reached main's last resort: no path of a test may end there. */
function assertNothingReachedLastResort(lines: string[], output: string): void {
  if (lines.length === 0) return
  throw new Error(
    `A failure nothing handled reached Booth's last resort (it would have ended ` +
      `Booth):\n${lines.join('\n')}\n--- what Booth printed ---\n${output.slice(-4000)}`,
  )
}

const STOP_WITHIN_MS = 20_000

export async function startWebHostOn(
  dataDir: string,
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<WebHostProcess> {
  // Node itself (not npx) so that stopping the child stops Booth, leaving no orphan behind.
  const child: ChildProcess = spawn(process.execPath, webHostArgs(['--port', '0', '--data-dir', dataDir, ...args]), {
    env: { ...process.env, BOOTH_FAIL_ON_LAST_RESORT: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const launchUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Booth did not start within 30 s:\n${output}`)), 30_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Booth is running at (\S+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1])
      }
    })
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()))
    child.once('exit', (code) => reject(new Error(`Booth exited (${code}) before it was ready:\n${output}`)))
  })
  const lastResort = () => output.split('\n').filter((l) => l.startsWith(LAST_RESORT_MARKER))
  return {
    launchUrl,
    pid: child.pid ?? 0,
    output: () => output,
    lastResort,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((r) => child.once('exit', () => r()))
        child.kill('SIGKILL')
        await exited
      }
      assertNothingReachedLastResort(lastResort(), output)
    },
    stop: async () => {
      await stop()
      assertNothingReachedLastResort(lastResort(), output)
    },
  }

  async function stop(): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
    child.kill('SIGTERM')
    // A quit that hangs names itself (with what Booth printed) instead of running the test out of time.
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), STOP_WITHIN_MS)))
    const outcome = await Promise.race([exited, late])
    clearTimeout(timer)
    if (outcome === 'late') {
      child.kill('SIGKILL')
      await exited
      throw new Error(`Booth did not quit within ${STOP_WITHIN_MS / 1000} s of SIGTERM:\n${output.slice(-4000)}`)
    }
    // Booth bounds its own quit and exits 1 when it had to give up waiting: a hang all the same.
    if (outcome !== 0) throw new Error(`Booth quit with exit code ${outcome} after SIGTERM:\n${output.slice(-4000)}`)
  }
}
