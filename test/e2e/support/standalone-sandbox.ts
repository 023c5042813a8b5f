/**
 * A sandbox of the talent API in its own process (npm run sandbox), so a test can stop it and see how
 * Booth behaves when the service cannot be reached.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'

export interface StandaloneSandbox {
  url: string
  apiKey: string
  stop(): Promise<void>
}

/** `dataDir`: the sandbox keeps its world in dataDir/world.json (a test may write one first); `apiKey`: to reuse a key across restarts. */
export async function startStandaloneSandbox(
  opts: { dataDir?: string; apiKey?: string } = {},
): Promise<StandaloneSandbox> {
  const apiKey = opts.apiKey ?? `e2e_${randomBytes(12).toString('hex')}`
  const data = opts.dataDir ? ['--data', opts.dataDir] : []
  // node itself with tsx's loader (not npx): one process, so stopping it really stops the sandbox.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0', '--key', `${apiKey}=*`, '--no-producer', ...data],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The sandbox did not start within 30 s:\n${output}`)), 30_000)
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString()
      const m = /listening on (\S+)/.exec(output)
      if (m?.[1]) {
        clearTimeout(timer)
        resolve(m[1])
      }
    })
    child.stderr.on('data', (c: Buffer) => (output += c.toString()))
    child.once('exit', (code) => reject(new Error(`The sandbox exited (${code}) before it was ready:\n${output}`)))
  })
  let stopped: Promise<void> | null = null
  return {
    url,
    apiKey,
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      })
      return stopped
    },
  }
}
