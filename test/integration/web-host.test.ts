/**
 * The web host end to end: `main/web.ts` run as a process with `--port 0`, driven over HTTP like the
 * page drives it. Without a key it starts demo mode and shows the demo sandbox's jobs; with
 * BOOTH_API_KEY and --base-url it shows that service's jobs instead.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTalentClient } from '../../main/api/client'
import { createWorld } from '../../sandbox/domain/index'
import type { JobListView, SessionState } from '../../shared/bridge'
import { PENDING, removeTempDirs, startTestSandbox, tempDir, type TestSandbox } from './harness'
import { WEB_HOST_BUNDLE, webHostArgs } from '../support/web-host-command'

const ROOT = join(import.meta.dirname, '..', '..')
const KEY = 'webhost-key-0123456789'

interface RunningWeb {
  child: ChildProcess
  port: number
  token: string
  output: string[]
}

const children: ChildProcess[] = []

/** Starts the built web host (out/web/web.js, from main/web.ts) and waits for the address it prints. */
async function startWeb(args: string[], env: Record<string, string> = {}): Promise<RunningWeb> {
  const child = spawn(process.execPath, webHostArgs(args), {
    cwd: ROOT,
    env: { ...process.env, BOOTH_API_KEY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  const output: string[] = []
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the web host printed no address in 10 s:\n${output.join('')}`)),
      10_000,
    )
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the web host exited with ${code}:\n${output.join('')}`))
    })
    child.stdout?.on('data', (chunk: Buffer) => {
      output.push(chunk.toString())
      const m = /Booth is running at http:\/\/127\.0\.0\.1:(\d+)\/#t=(\S+)/.exec(output.join(''))
      if (m) {
        clearTimeout(timer)
        resolve({ child, port: Number(m[1]), token: m[2] ?? '', output })
      }
    })
  })
}

async function stopWeb(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  child.kill('SIGTERM')
  return exited
}

/** POST /bridge/call/<name> as the page does. */
function callBridge<T>(
  web: RunningWeb,
  name: string,
  args: unknown,
): Promise<{ status: number; body: { ok: boolean; result?: T; error?: unknown } }> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ args })
    const req = request(
      {
        host: '127.0.0.1',
        port: web.port,
        path: `/bridge/call/${name}`,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-booth-token': web.token,
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = ''
        res.on('data', (c: Buffer) => (text += c.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

let own: TestSandbox

beforeAll(async () => {
  own = await startTestSandbox({ dataDir: await tempDir('web-sandbox'), keys: [{ token: KEY, scopes: '*' }] })
  // Make this service's pending list unlike the demo's.
  for (let i = 0; i < 3; i++) await own.world.producer.sendJob()
})
afterAll(async () => {
  await Promise.all(children.map((c) => stopWeb(c)))
  await own.close()
  await removeTempDirs()
})

describe('the web host process', () => {
  it('is one bundle that carries no command-line tool: in it, a tool\'s "am I the program run?" check would be true', () => {
    // The CLIs (npm run pickup, finish, readback, …) start themselves when import.meta.url is the program
    // Node was given; bundled into out/web/web.js, that would be the web host's own file.
    const bundle = readFileSync(WEB_HOST_BUNDLE, 'utf8')
    expect(bundle).toContain('Booth is running at')
    expect(bundle).not.toMatch(/process\.argv\[1\]/)
  })

  it('with --port 0 prints its real port and shows the demo sandbox jobs', async () => {
    const web = await startWeb(['--port', '0', '--data-dir', await tempDir('web-demo')])
    expect(web.port).toBeGreaterThan(0)
    const session = await callBridge<SessionState>(web, 'getSession', {})
    expect(session.body.result).toMatchObject({
      mode: 'demo',
      account: { scopes: expect.arrayContaining(['jobs:read']) },
    })
    expect(session.body.result?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(session.body.result?.baseUrl).not.toBe(own.url)

    const list = await callBridge<JobListView>(web, 'listJobs', PENDING)
    expect(list.status).toBe(200)
    expect(list.body.result?.source).toBe('live')
    // The demo serves the seeded world: the same pending jobs a freshly seeded world holds.
    const seeded = await createWorld({ producer: false })
    const expected = seeded
      .state()
      .jobs.filter((j) => j.status === 'pending')
      .map((j) => j.advertiser)
      .sort()
    await seeded.close()
    expect(list.body.result?.total).toBe(expected.length)
    expect(list.body.result?.items.map((j) => j.advertiser).sort()).toEqual(expected)

    const refused = await callBridge(web, 'listJobs', { ...PENDING, page_size: 7 })
    expect(refused.status).toBe(400)
    expect(await stopWeb(web.child)).toBe(0)
  })

  it('with BOOTH_API_KEY and --base-url shows that service’s jobs instead', async () => {
    const web = await startWeb(['--port', '0', '--data-dir', await tempDir('web-key'), '--base-url', own.url], {
      BOOTH_API_KEY: KEY,
    })
    const session = await callBridge<SessionState>(web, 'getSession', {})
    expect(session.body.result).toMatchObject({ mode: 'signed_in', baseUrl: own.url })

    const list = await callBridge<JobListView>(web, 'listJobs', PENDING)
    const direct = await createTalentClient({ baseUrl: own.url, apiKey: () => KEY }).listJobs(PENDING)
    expect(list.body.result?.source).toBe('live')
    expect(list.body.result?.total).toBe(direct.total)
    expect(list.body.result?.items.map((j) => j.job_id)).toEqual(direct.items.map((j) => j.job_id))
    expect(web.output.join('')).not.toContain(KEY)
    expect(await stopWeb(web.child)).toBe(0)
  })

  it('quits on SIGTERM with a page connected: its event stream ends whole, and the exit code is 0', async () => {
    const web = await startWeb(['--port', '0', '--data-dir', await tempDir('web-quit')])
    const agent = new Agent({ keepAlive: true })
    const stream = new Promise<{ complete: boolean; text: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: web.port, path: '/bridge/events', agent, headers: { 'x-booth-token': web.token } },
        (res) => {
          let text = ''
          res.on('data', (c: Buffer) => (text += c.toString()))
          res.on('close', () => resolve({ complete: res.complete, text }))
        },
      )
      req.on('error', reject)
      req.end()
    })
    await callBridge(web, 'getSession', {})
    expect(await stopWeb(web.child)).toBe(0)
    const ended = await stream
    expect(ended.complete).toBe(true)
    expect(ended.text).toContain('event: session')
    agent.destroy()
  })
})
