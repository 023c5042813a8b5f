/** Starts controlled-sandbox-main.ts in its own process and lets a test make the producer change a script. */
import { spawn } from 'node:child_process'

export interface ControlledSandbox {
  url: string
  token: string
  changeScript(jobId: string): Promise<unknown>
  stop(): Promise<void>
}

export async function startControlledSandbox(): Promise<ControlledSandbox> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/e2e/support/controlled-sandbox-main.ts'], { stdio: ['pipe', 'pipe', 'pipe'] })
  let output = ''
  const waiters: Array<(line: string) => void> = []
  child.stdout.on('data', (c: Buffer) => {
    output += c.toString()
    let nl: number
    while ((nl = output.indexOf('\n')) >= 0) {
      const line = output.slice(0, nl)
      output = output.slice(nl + 1)
      waiters.shift()?.(line)
    }
  })
  let errors = ''
  child.stderr.on('data', (c: Buffer) => (errors += c.toString()))
  const next = () =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`The controlled sandbox did not answer:\n${errors}`)), 30_000)
      waiters.push((line) => {
        clearTimeout(timer)
        resolve(line)
      })
    })
  const ready = await next()
  const m = /^ready (\S+) (\S+)$/.exec(ready)
  if (!m?.[1] || !m[2]) throw new Error(`The controlled sandbox said "${ready}":\n${errors}`)
  return {
    url: m[1],
    token: m[2],
    changeScript: async (jobId) => {
      const answer = next()
      child.stdin.write(`change_script ${jobId}\n`)
      return JSON.parse((await answer).replace(/^done /, '')) as unknown
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
