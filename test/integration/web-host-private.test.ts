/**
 * Booth's data is the person's own (issue 44): the built web host, run on a fresh data folder, records a
 * take, imports a dropped one, finishes it for delivery and delivers it; then every folder under the data
 * folder is 0700 and every file 0600 (fs.stat mode bits). The page imports only the file it handed over. A folder an older Booth left readable is made
 * private at start, and the log says so once.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { chmod, lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { JobListView } from '../../shared/bridge'
import type { DeliveryQueueView, TakeView } from '../../shared/bridge-takes'
import { PENDING, removeTempDirs, tempDir } from './harness'
import { webHostArgs } from '../support/web-host-command'

const ROOT = join(import.meta.dirname, '..', '..')
const onWindows = process.platform === 'win32'
const children: ChildProcess[] = []

interface Web {
  child: ChildProcess
  port: number
  token: string
}

async function startWeb(dataDir: string): Promise<Web> {
  const child = spawn(process.execPath, webHostArgs(['--port', '0', '--data-dir', dataDir]), {
    cwd: ROOT,
    env: { ...process.env, BOOTH_API_KEY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let out = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address in 15 s:\n${out}`)), 15_000)
    child.once('exit', (code) => reject(new Error(`the web host exited with ${code}:\n${out}`)))
    child.stderr?.on('data', (c: Buffer) => (out += c.toString()))
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString()
      const m = /Booth is running at http:\/\/127\.0\.0\.1:(\d+)\/#t=(\S+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve({ child, port: Number(m[1]), token: m[2] ?? '' })
      }
    })
  })
}

function send(
  web: Web,
  path: string,
  body: Buffer | string,
  contentType: string,
): Promise<{ ok: boolean; result?: unknown; error?: { message: string } }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: web.port,
        path,
        method: 'POST',
        headers: { 'content-type': contentType, 'x-booth-token': web.token, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = ''
        res.on('data', (c: Buffer) => (text += c.toString()))
        res.on('end', () => resolve(JSON.parse(text)))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

async function call<T>(web: Web, name: string, args: unknown): Promise<T> {
  const answer = await send(web, `/bridge/call/${name}`, JSON.stringify({ args }), 'application/json')
  if (!answer.ok) throw new Error(`${name} failed: ${answer.error?.message}`)
  return answer.result as T
}

/** A 16-bit mono WAV: a voice-like tone in bursts with pauses between them. */
function wavBytes(seconds: number, rate = 48_000): Buffer {
  const frames = Math.round(seconds * rate)
  const data = Buffer.alloc(frames * 2)
  for (let i = 0; i < frames; i++) {
    const t = i / rate
    const on = t % 1 < 0.5 ? 0.3 : 0
    data.writeInt16LE(
      Math.round(on * 32767 * Math.sin(2 * Math.PI * 180 * t) * (0.6 + 0.4 * Math.sin(2 * Math.PI * 3 * t))),
      i * 2,
    )
  }
  const head = Buffer.alloc(44)
  head.write('RIFF', 0)
  head.writeUInt32LE(36 + data.length, 4)
  head.write('WAVE', 8)
  head.write('fmt ', 12)
  head.writeUInt32LE(16, 16)
  head.writeUInt16LE(1, 20)
  head.writeUInt16LE(1, 22)
  head.writeUInt32LE(rate, 24)
  head.writeUInt32LE(rate * 2, 28)
  head.writeUInt16LE(2, 32)
  head.writeUInt16LE(16, 34)
  head.write('data', 36)
  head.writeUInt32LE(data.length, 40)
  return Buffer.concat([head, data])
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, withinMs: number): Promise<T> {
  const until = Date.now() + withinMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > until) throw new Error(`waited ${withinMs / 1000} s for ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** Every entry under `root` that another user could read, enter or write, with its mode. */
async function notPrivate(root: string): Promise<string[]> {
  const found: string[] = []
  const visit = async (path: string): Promise<void> => {
    // The running host writes its files atomically (a temp file renamed into place): one listed here may be
    // gone by the time it is looked at (clean-clone run 21: ENOENT on a job list's .tmp in cache/lists).
    const info = await lstat(path).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null
      throw err
    })
    if (!info) return
    if (info.isSymbolicLink()) return
    const mode = info.mode & 0o777
    if (info.isDirectory()) {
      if (mode !== 0o700) found.push(`${path} ${mode.toString(8)}`)
      const names = await readdir(path).catch((err: NodeJS.ErrnoException) =>
        err.code === 'ENOENT' ? [] : Promise.reject(err),
      )
      for (const name of names) await visit(join(path, name))
    } else if (mode !== 0o600) found.push(`${path} ${mode.toString(8)}`)
  }
  await visit(root)
  return found
}

afterAll(async () => {
  await Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r).kill('SIGTERM')) : null)),
  )
  await removeTempDirs()
})

describe.skipIf(onWindows)('the data folder is private', () => {
  it('after recording, importing, finishing and delivering: every folder 0700, every file 0600', async () => {
    const dataDir = join(await tempDir('private'), 'booth')
    const web = await startWeb(dataDir)
    const list = await call<JobListView>(web, 'listJobs', PENDING)
    const job = list.items.find((j) => j.status === 'pending') ?? list.items[0]
    if (!job) throw new Error('the demo has no pending job')
    if (job.status === 'pending') await call(web, 'acceptJobs', { jobIds: [job.job_id] })

    const { takeId } = await call<{ takeId: string }>(web, 'startRecording', {
      jobId: job.job_id,
      sampleRate: 48_000,
      channels: 1,
    })
    const pcm = new Float32Array(48_000).map((_, i) => 0.2 * Math.sin(i / 10))
    await call(web, 'appendRecording', { takeId, pcmBase64: Buffer.from(pcm.buffer).toString('base64') })
    expect(await call<TakeView>(web, 'stopRecording', { takeId })).toMatchObject({ state: 'ready' })

    const dropped = await send(
      web,
      '/bridge/upload?name=elsewhere.wav',
      wavBytes(job.length_s),
      'application/octet-stream',
    )
    expect(dropped.ok).toBe(true)
    const handedOut = (dropped.result as { path: string }).path
    const imported = await call<TakeView>(web, 'importTake', { jobId: job.job_id, path: handedOut })
    // Only a file the page handed over, once; any path it names gets one sentence that tells nothing.
    for (const path of [handedOut, '/etc/passwd', join(dataDir, 'settings.json'), '/dev/zero', '/no/such/file.wav']) {
      const refused = await send(
        web,
        '/bridge/call/importTake',
        JSON.stringify({ args: { jobId: job.job_id, path } }),
        'application/json',
      )
      expect(refused).toEqual({
        ok: false,
        error: { kind: 'bad_request', message: 'Booth can only import a file you dropped or chose.' },
      })
    }
    await call(web, 'finishVersion', {
      takeId: imported.id,
      choices: { breaths: 'keep', maxTempoPercent: 4, shortestPauseS: 0.25 },
    })
    await call(web, 'deliverTake', { takeId: imported.id, label: 'main', note: 'private' })
    await waitFor(
      'the delivery to land',
      () => call<DeliveryQueueView>(web, 'listDeliveryQueue', {}).then((q) => q.items.length === 0),
      60_000,
    )
    const delivered = await call<{ job: { deliveries_detail: Array<{ note: string | null }> } }>(web, 'getJob', {
      jobId: job.job_id,
    })
    expect(delivered.job.deliveries_detail.map((d) => d.note)).toContain('private')
    await call(web, 'getScriptPdf', { jobId: job.job_id })

    const tree = await readdir(dataDir, { recursive: true })
    expect(tree.some((p) => p.endsWith('.wav'))).toBe(true)
    expect(await notPrivate(dataDir)).toEqual([])
  }, 120_000)

  it('a data folder an older Booth left readable is made private at start, said once in the log', async () => {
    const dataDir = join(await tempDir('private-old'), 'booth')
    await mkdir(join(dataDir, 'takes', '42'), { recursive: true })
    await writeFile(join(dataDir, 'takes', '42', 'old-take.wav'), wavBytes(1))
    for (const folder of [dataDir, join(dataDir, 'takes'), join(dataDir, 'takes', '42')]) await chmod(folder, 0o755)
    await chmod(join(dataDir, 'takes', '42', 'old-take.wav'), 0o644)
    const web = await startWeb(dataDir)
    await call(web, 'getSession', {})
    expect(await notPrivate(dataDir)).toEqual([])
    const logs = await readdir(join(dataDir, 'logs'))
    const text = (await Promise.all(logs.map((name) => readFile(join(dataDir, 'logs', name), 'utf8')))).join('')
    expect(text.match(/readable by this user only/g)).toHaveLength(1)
    expect(text).toMatch(/made 4 files or folders in .* readable by this user only/)
  })
})
