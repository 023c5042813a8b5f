/**
 * Test side of the stand-in: starts Booth's built main bundle in a child Node process (plain Node, no
 * tsx or Vite loaders, so its imports resolve as they would under Electron) with the stand-in for
 * `electron` (stand-in/launch.mjs), and sends it requests.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { IPC_CALL } from '../../shared/ipc-channels'

export const ROOT = resolve(import.meta.dirname, '../..')
export const MAIN_BUNDLE = join(ROOT, 'out/main/index.js')
export const PRELOAD_BUNDLE = join(ROOT, 'out/preload/index.cjs')
export const RENDERER_DIR = join(ROOT, 'out/renderer')
const LAUNCHER = join(import.meta.dirname, 'stand-in/launch.mjs')

function newestSource(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path))
    else if (/\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs)
  }
  return newest
}

/** Fails with what to do when the built bundles are missing or older than the code they are built from. */
export function requireBuiltBundles(): void {
  for (const file of [MAIN_BUNDLE, PRELOAD_BUNDLE, join(RENDERER_DIR, 'index.html')]) {
    if (!existsSync(file)) {
      throw new Error(
        `${file} is missing: the desktop shell tests check the built bundles. Run \`npm run build\` first (scripts/test.sh does).`,
      )
    }
  }
  const built = Math.min(statSync(MAIN_BUNDLE).mtimeMs, statSync(PRELOAD_BUNDLE).mtimeMs)
  const source = Math.max(...['main', 'preload', 'shared', 'sandbox'].map((dir) => newestSource(join(ROOT, dir))))
  if (source > built) {
    throw new Error(
      'out/ is older than the code in main/, preload/, shared/ or sandbox/: run `npm run build` so the desktop shell tests check what you changed.',
    )
  }
}

export type FrameSpec = { kind: 'app-top' } | { kind: 'top'; url: string } | { kind: 'sub'; url: string } | null

export interface ShellProcess {
  /** How loading out/main/index.js went. */
  loaded: { type: 'loaded' } | { type: 'load-failed'; code: string | null; message: string }
  request<T = unknown>(op: string, input?: unknown): Promise<T>
  /** Closes the channel and resolves with the exit code, or rejects if the process does not exit by itself. */
  exit(withinMs: number): Promise<number | null>
  kill(): void
  output(): string
}

export interface LaunchOptions {
  userData: string
  env?: Record<string, string>
}

export async function launchBuiltMain(opts: LaunchOptions): Promise<ShellProcess> {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(NODE_OPTIONS|VITEST|ELECTRON_RENDERER_URL|BOOTH_API_KEY|BOOTH_BASE_URL)/.test(key))
      env[key] = value
  }
  Object.assign(env, { STANDIN_USER_DATA: opts.userData, STANDIN_MAIN_ENTRY: MAIN_BUNDLE }, opts.env)
  const child: ChildProcess = fork(LAUNCHER, [], {
    cwd: ROOT,
    env,
    execArgv: [],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  let nextId = 1
  let exited: number | null | undefined
  const exitWaiters: Array<(code: number | null) => void> = []
  child.on('exit', (code) => {
    exited = code
    for (const p of pending.values())
      p.reject(new Error(`the stand-in process ended (code ${code}) before answering.\n${output}`))
    exitWaiters.splice(0).forEach((fn) => fn(code))
  })
  const loaded = await new Promise<ShellProcess['loaded']>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the built main bundle did not finish loading in 20 s.\n${output}`)),
      20_000,
    )
    child.on('message', (message: { type?: string; id?: number; ok?: boolean; value?: unknown; error?: string }) => {
      if (message.type === 'loaded' || message.type === 'load-failed') {
        clearTimeout(timer)
        resolve(message as ShellProcess['loaded'])
        return
      }
      const waiter = message.id === undefined ? undefined : pending.get(message.id)
      if (!waiter) return
      pending.delete(message.id!)
      if (message.ok) waiter.resolve(message.value)
      else waiter.reject(new Error(`the stand-in failed: ${message.error}`))
    })
    child.once('exit', (code) =>
      reject(new Error(`the stand-in process ended (code ${code}) while loading.\n${output}`)),
    )
  })
  return {
    loaded,
    request: <T>(op: string, input?: unknown) =>
      new Promise<T>((resolve, reject) => {
        if (exited !== undefined || !child.connected)
          return reject(new Error(`the stand-in process has ended (code ${exited}).\n${output}`))
        const id = nextId++
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
        child.send({ id, op, input }, (err) => {
          if (!err) return
          pending.delete(id)
          reject(err)
        })
      }),
    exit: (withinMs) =>
      new Promise((resolve, reject) => {
        if (exited !== undefined) return resolve(exited)
        const timer = setTimeout(
          () =>
            reject(new Error(`the process did not exit within ${withinMs} ms after quitting: something still runs.`)),
          withinMs,
        )
        exitWaiters.push((code) => {
          clearTimeout(timer)
          resolve(code)
        })
        if (child.connected) child.disconnect()
      }),
    kill: () => {
      if (exited === undefined) child.kill('SIGKILL')
    },
    output: () => output,
  }
}

export type BridgeAnswer = { ok: true; result: unknown } | { ok: false; error: { kind: string; message: string } }

/** Calls the app's IPC handler on the bridge channel as the given frame would, and returns its answer. */
export async function bridgeCall(
  on: ShellProcess,
  frame: FrameSpec,
  name: unknown,
  args: unknown = {},
): Promise<BridgeAnswer> {
  const reply = await on.request<{ answer?: BridgeAnswer; missing?: boolean; threw?: string }>('invoke', {
    channel: IPC_CALL,
    frame,
    args: [name, args],
  })
  if (!reply.answer) throw new Error(`the IPC handler did not answer: ${JSON.stringify(reply)}`)
  return reply.answer
}
