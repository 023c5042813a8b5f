/**
 * Starts controlled-sandbox-main.ts in its own process and lets a test make the producer change a script;
 * `testWithProducer` gives the specs a Booth that talks to such a sandbox.
 */
import { spawn } from 'node:child_process'
import { test as base, startBooth, type BoothHost } from '../booth-host'

export interface ControlledSandbox {
  url: string
  token: string
  changeScript(jobId: string): Promise<unknown>
  /** The producer approves the job's latest delivered take / asks for changes to it (null: none awaits). */
  approve(jobId: string): Promise<unknown>
  requestChanges(jobId: string): Promise<unknown>
  /** The job's typed script (and pronunciations) become these. */
  setScript(
    jobId: string,
    script: { text: string; html?: string | null; pronunciations?: Array<{ word: string; say: string }> },
  ): Promise<unknown>
  /** What the platform's audio check of the job's takes finds (a PlannedCheck of sandbox/domain/state.ts). */
  planCheck(
    jobId: string,
    plan: { verdict: 'matches' | 'check' | 'mismatch'; coverage: number; summary: string; issues: unknown[] },
  ): Promise<unknown>
  stop(): Promise<void>
}

export async function startControlledSandbox(): Promise<ControlledSandbox> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/e2e/support/controlled-sandbox-main.ts'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  })
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
  /** One command, one answer (JSON on one line; newlines in text are escaped by JSON.stringify). */
  const ask = async (command: string): Promise<unknown> => {
    const answer = next()
    child.stdin.write(`${command}\n`)
    return JSON.parse((await answer).replace(/^done /, '')) as unknown
  }
  return {
    url: m[1],
    token: m[2],
    changeScript: (jobId) => ask(`change_script ${jobId}`),
    approve: (jobId) => ask(`approve ${jobId}`),
    requestChanges: (jobId) => ask(`request_changes ${jobId}`),
    setScript: (jobId, script) => ask(`set_script ${jobId} ${JSON.stringify(script)}`),
    planCheck: (jobId, plan) => ask(`plan_check ${jobId} ${JSON.stringify(plan)}`),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/**
 * Booth's test with `world`: one controlled sandbox and a Booth signed in to it, per worker. Every spec
 * file of a worker shares the world, so a job one spec changes (its script, its takes) must not be picked
 * by the next: `claimed` lists the jobs taken so far, for all of them.
 */
export interface ProducerWorld {
  sandbox: ControlledSandbox
  booth: BoothHost & { stop(): Promise<void> }
  claimed: string[]
}

/** A controlled sandbox and a Booth signed in to it; `stop` ends both. */
export async function startProducerWorld(): Promise<ProducerWorld & { stop(): Promise<void> }> {
  const sandbox = await startControlledSandbox()
  const booth = await startBooth({ BOOTH_API_KEY: sandbox.token }, ['--base-url', sandbox.url])
  return {
    sandbox,
    booth,
    claimed: [],
    stop: async () => {
      await booth.stop()
      await sandbox.stop()
    },
  }
}

export const testWithProducer = base.extend<object, { world: ProducerWorld }>({
  world: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const world = await startProducerWorld()
      await use(world)
      await world.stop()
    },
    { scope: 'worker' },
  ],
})

/**
 * As testWithProducer, with a world of the spec file's own (`ownWorld`): for a spec that uses up several of
 * the demo's deliverable jobs (approving them, asking for changes), so the worker's shared world keeps
 * enough for the specs after it.
 */
export function ownProducerWorld(): { world(): ProducerWorld } {
  let world: (ProducerWorld & { stop(): Promise<void> }) | null = null
  base.beforeAll(async () => {
    world = await startProducerWorld()
  })
  base.afterAll(async () => {
    await world?.stop()
  })
  return {
    world: () => {
      if (!world) throw new Error("The spec file's own world has not started.")
      return world
    },
  }
}
