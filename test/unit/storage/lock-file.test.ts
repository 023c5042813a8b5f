/**
 * The lock file that keeps one Booth per data folder (and one writer per job folder): real processes
 * take it, hold it, race for it and are SIGKILLed holding it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { tryLock } from '../../../main/storage/lock-file'
import { ownIdentity, systemProbe, type ProcessProbe } from '../../../main/storage/process-identity'

const CHILD = fileURLToPath(new URL('./lock-child.ts', import.meta.url))
let dir: string
const children: ChildProcess[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'booth-lock-'))
})
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

interface ChildAttempt {
  ok: boolean
  state: string | null
  pid: number
}

function child(args: string[]): { proc: ChildProcess; ready: Promise<void>; attempt: Promise<ChildAttempt> } {
  const proc = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], { stdio: ['pipe', 'pipe', 'pipe'] })
  children.push(proc)
  let err = ''
  proc.stderr?.on('data', (d: Buffer) => (err += d.toString()))
  let ready: () => void = () => {}
  const readyPromise = new Promise<void>((r) => (ready = r))
  const attempt = new Promise<ChildAttempt>((resolve, reject) => {
    const lines = createInterface({ input: proc.stdout! })
    lines.on('line', (line) => {
      if (line === 'ready') ready()
      else resolve(JSON.parse(line) as ChildAttempt)
    })
    proc.once('exit', (code) => reject(new Error(`lock child exited (${code}) before trying: ${err}`)))
  })
  return { proc, ready: readyPromise, attempt }
}

const killed = (proc: ChildProcess) =>
  new Promise<void>((resolve) => {
    proc.once('exit', () => resolve())
    proc.kill('SIGKILL')
  })

describe('one holder', () => {
  it('a free lock is taken; a second try in a live process is refused with the holder named', async () => {
    const path = join(dir, 'a.lock')
    const first = await tryLock(path, { about: { kind: 'web host', url: 'http://127.0.0.1:1/' } })
    expect(first.ok).toBe(true)
    const second = await tryLock(path)
    expect(second).toMatchObject({
      ok: false,
      state: 'alive',
      holder: { pid: process.pid, about: { url: 'http://127.0.0.1:1/' } },
    })
    if (first.ok) await first.lock.release()
    expect((await tryLock(path)).ok).toBe(true)
  })

  it('a lock held by another running process is refused, and taken at once after that process is SIGKILLed', async () => {
    const path = join(dir, 'killed.lock')
    const holder = child([path, 'hold'])
    expect((await holder.attempt).ok).toBe(true)
    expect(await tryLock(path)).toMatchObject({ ok: false, state: 'alive', holder: { pid: holder.proc.pid } })
    await killed(holder.proc)
    const after = await tryLock(path)
    expect(after.ok).toBe(true)
    if (after.ok) expect(after.lock.record.pid).toBe(process.pid)
  })

  it('a pid now running a process started at another time (pid reuse) does not hold the lock', async () => {
    const path = join(dir, 'reused.lock')
    const me = ownIdentity()
    // On Linux and macOS the start time tells them apart; the stand-in probe plays that part elsewhere.
    const probe: ProcessProbe = me.started === null ? { ...systemProbe, startedOf: () => 'now' } : systemProbe
    await writeFile(
      path,
      JSON.stringify({
        pid: process.pid,
        started: 'an earlier boot:1',
        host: probe.host(),
        id: 'old',
        since: 0,
        about: {},
      }),
    )
    expect((await tryLock(path, { probe })).ok).toBe(true)
  })

  it('a lock from another computer (a shared folder) is never broken from here', async () => {
    const path = join(dir, 'elsewhere.lock')
    await writeFile(
      path,
      JSON.stringify({ pid: 1, started: null, host: 'studio-mac', id: 'x', since: 0, about: { kind: 'desktop app' } }),
    )
    expect(await tryLock(path)).toMatchObject({ ok: false, state: 'elsewhere', holder: { host: 'studio-mac' } })
  })

  it('a half-written lock is someone starting now; an old unreadable one is abandoned', async () => {
    const path = join(dir, 'half.lock')
    await writeFile(path, '{"pid":')
    expect(await tryLock(path)).toMatchObject({ ok: false, state: 'unreadable' })
    expect((await tryLock(path, { now: () => Date.now() + 60_000 })).ok).toBe(true)
  })

  it('release removes only its own lock, never one taken over after it went stale', async () => {
    const path = join(dir, 'own.lock')
    const first = await tryLock(path)
    if (!first.ok) throw new Error('expected the lock')
    // Another holder's record in its place (as after a takeover).
    await writeFile(
      path,
      JSON.stringify({
        pid: process.pid,
        started: ownIdentity().started,
        host: systemProbe.host(),
        id: 'someone-else',
        since: 0,
        about: {},
      }),
    )
    await first.lock.release()
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ id: 'someone-else' })
  })
})

describe('processes racing', () => {
  async function race(path: string, n: number): Promise<ChildAttempt[]> {
    const go = join(dir, `${Date.now()}.go`)
    const racers = Array.from({ length: n }, () => child([path, 'race', go]))
    // Every child is up and polling before the start signal.
    await Promise.all(racers.map((r) => r.ready))
    await writeFile(go, '')
    const results = await Promise.all(racers.map((r) => r.attempt))
    for (const r of racers) r.proc.stdin?.end()
    return results
  }

  it('of five processes taking a free lock at once, exactly one gets it', async () => {
    const results = await race(join(dir, 'race-free.lock'), 5)
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.filter((r) => !r.ok).every((r) => r.state === 'alive')).toBe(true)
  }, 60_000)

  it('of five processes finding the same stale lock at once, exactly one takes it over', async () => {
    const path = join(dir, 'race-stale.lock')
    const dead = child([path, 'hold'])
    expect((await dead.attempt).ok).toBe(true)
    await killed(dead.proc)
    const results = await race(path, 5)
    expect(results.filter((r) => r.ok)).toHaveLength(1)
  }, 60_000)
})
