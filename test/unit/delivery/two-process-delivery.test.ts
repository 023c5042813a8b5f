/**
 * The same takes delivered from two processes at once (two Booths on one data folder, which the folder
 * lock would refuse) against Booth's own sandbox: each take is claimed by one of them only, and the
 * service has one delivery per take.
 */
import { spawn } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../sandbox/server'
import { makeAudio } from '../../support/audio-fixtures'
import { clientFor, deliverableJobs, deliveriesOf, sandboxAt, takeArea, tempDir } from './delivery-fixture'

const CHILD = fileURLToPath(new URL('./deliver-race-child.ts', import.meta.url))

let sandbox: RunningSandbox
let work: Awaited<ReturnType<typeof tempDir>>

beforeAll(async () => {
  sandbox = await sandboxAt()
  work = await tempDir('booth-two-deliveries-')
})
afterAll(async () => {
  await sandbox.close()
  await work.remove()
})

interface Answer {
  takeId: string
  ok: boolean
  message: string | null
}

function deliverer(dataDir: string, go: string, takeIds: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, sandbox.url, go, ...takeIds], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let err = ''
  child.stderr.on('data', (d: Buffer) => (err += d.toString()))
  let ready: () => void = () => {}
  let done: () => void = () => {}
  const readyP = new Promise<void>((r) => (ready = r))
  const doneP = new Promise<void>((r) => (done = r))
  const answers = new Promise<Answer[]>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === 'ready') ready()
      else if (line === 'done') done()
      else resolve(JSON.parse(line) as Answer[])
    })
    child.once('exit', (code) => {
      done()
      reject(new Error(`deliverer exited (${code}) before answering: ${err}`))
    })
  })
  return { ready: readyP, answers, done: doneP, kill: () => child.kill('SIGKILL') }
}

it('each take is claimed by one process only and the service has one delivery per take', async () => {
  const client = clientFor(sandbox.url)
  const [jobId] = (await deliverableJobs(client, 1)) as [string]
  const before = (await deliveriesOf(client, jobId)).length
  const dataDir = join(work.path, 'data')
  const setup = takeArea({ dataDir, url: () => sandbox.url })
  const takeIds: string[] = []
  for (let i = 0; i < 4; i++) {
    const wav = await makeAudio(work.path, `take-${i}`, [{ kind: 'tone', seconds: 1 + i * 0.25, dbfs: -12 }])
    takeIds.push((await setup.area.handlers.importTake({ jobId, path: wav })).id)
  }
  const go = join(work.path, 'go')
  const a = deliverer(dataDir, go, takeIds)
  const b = deliverer(dataDir, go, takeIds)
  try {
    await Promise.all([a.ready, b.ready])
    await writeFile(go, '')
    const [fromA, fromB] = await Promise.all([a.answers, b.answers])
    for (const takeId of takeIds) {
      const both = [fromA, fromB].map((answers) => answers.find((x) => x.takeId === takeId))
      expect(
        both.filter((x) => x?.ok),
        `take ${takeId}: ${JSON.stringify(both)}`,
      ).toHaveLength(1)
      const refused = both.find((x) => !x?.ok)
      expect(refused?.message).toMatch(
        /already (being delivered by another Booth|in the delivery queue)|already being queued/,
      )
    }
    await Promise.all([a.done, b.done])
  } finally {
    a.kill()
    b.kill()
  }
  const after = await deliveriesOf(client, jobId)
  expect(after.length - before).toBe(takeIds.length)
  for (const takeId of takeIds) expect((await setup.area.store.get(takeId)).delivery.status).toBe('delivered')
}, 180_000)
