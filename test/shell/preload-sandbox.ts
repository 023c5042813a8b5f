/**
 * Runs the built preload bundle (out/preload/index.cjs) the way a sandboxed Electron preload runs: as
 * CommonJS in its own context, where `require` offers only what Electron's sandboxed preload offers.
 * Its `electron` is a fresh recording stand-in, so the test sees what the preload exposed and which IPC
 * channels it uses.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { runInNewContext } from 'node:vm'
import { PRELOAD_BUNDLE } from './shell-process'

/** What Electron's sandboxed preload can require (Electron docs, "Process Sandboxing"). */
export const SANDBOXED_PRELOAD_MODULES = [
  'electron',
  'events',
  'timers',
  'url',
  'node:events',
  'node:timers',
  'node:url',
]

interface Emitter {
  emit(event: string, ...args: unknown[]): boolean
  listenerCount(event: string): number
}

export interface PreloadRun {
  /** Every module the bundle asked for. */
  required: string[]
  /** What was exposed, by key. */
  exposed: Map<string, unknown>
  calls: Array<{ api: string; channel?: string; key?: string }>
  ipcRenderer: Emitter & {
    invoked: Array<{ channel: string; args: unknown[] }>
    invokeAnswer: (channel: string, ...args: unknown[]) => Promise<unknown>
  }
  /** Channels the preload invokes or sends on, and channels it listens to, once exercised. */
  channelsUsed(): { invoke: string[]; listen: string[]; send: string[] }
}

const load = createRequire(import.meta.url)

export function runBuiltPreload(): PreloadRun {
  const { createElectronStandIn } = load('./stand-in/electron-stand-in.cjs') as {
    createElectronStandIn: (o: { process: 'renderer' }) => Record<string, unknown>
  }
  const electron = createElectronStandIn({ process: 'renderer' })
  const standIn = electron['standIn'] as { calls: PreloadRun['calls'] }
  const contextBridge = electron['contextBridge'] as { exposed: Map<string, unknown> }
  const required: string[] = []
  const sandboxRequire = (name: string) => {
    required.push(name)
    if (name === 'electron') return electron
    if (SANDBOXED_PRELOAD_MODULES.includes(name)) return load(name)
    throw new Error(`module not found: ${name} (a sandboxed preload cannot load it)`)
  }
  const module = { exports: {} as unknown }
  const code = readFileSync(PRELOAD_BUNDLE, 'utf8')
  const wrapper = runInNewContext(
    `(function (exports, require, module, __filename, __dirname) {${code}\n})`,
    { console },
    { filename: PRELOAD_BUNDLE },
  )
  wrapper(module.exports, sandboxRequire, module, PRELOAD_BUNDLE, '.')
  const channels = (api: string) =>
    [...new Set(standIn.calls.filter((c) => c.api === api).map((c) => String(c.channel)))].sort()
  return {
    required,
    exposed: contextBridge.exposed,
    calls: standIn.calls,
    ipcRenderer: electron['ipcRenderer'] as PreloadRun['ipcRenderer'],
    channelsUsed: () => ({
      invoke: channels('ipcRenderer.invoke'),
      listen: channels('ipcRenderer.on'),
      send: ['ipcRenderer.send', 'ipcRenderer.sendSync', 'ipcRenderer.postMessage', 'ipcRenderer.sendToHost'].flatMap(
        channels,
      ),
    }),
  }
}

/** The exposed object's methods, typed as the page sees them. */
export interface BoothBridgeObject {
  call(name: unknown, args?: unknown): Promise<unknown>
  on(event: unknown, fn: (data: unknown) => void): () => void
  pathForFile(file: unknown): Promise<string>
}

/** Exercises every method once, so channelsUsed() reflects all the channels the preload touches. */
export async function exerciseBridge(booth: BoothBridgeObject): Promise<void> {
  await booth.call('getSession', {}).catch(() => undefined)
  booth.on('session', () => undefined)()
  await booth.pathForFile({ path: '/tmp/take.wav' }).catch(() => undefined)
}
