/**
 * The built preload bundle (out/preload/index.cjs), run as Electron runs a sandboxed preload (CommonJS,
 * only Electron's sandbox modules) with a recording stand-in for `electron`: it must expose exactly one
 * frozen object, window.booth, whose methods speak only the bridge contract over the two IPC channels.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { BRIDGE_EVENTS } from '../../shared/bridge'
import { IPC_CALL, IPC_EVENT, IPC_FILE } from '../../shared/ipc-channels'
import {
  exerciseBridge,
  runBuiltPreload,
  SANDBOXED_PRELOAD_MODULES,
  type BoothBridgeObject,
  type PreloadRun,
} from './preload-sandbox'
import { requireBuiltBundles } from './shell-process'

let run: PreloadRun
let booth: BoothBridgeObject

beforeAll(() => {
  requireBuiltBundles()
  run = runBuiltPreload()
  booth = run.exposed.get('booth') as BoothBridgeObject
})

describe('the built preload bundle', () => {
  it('loads as a sandboxed CommonJS preload: it requires nothing beyond what Electron’s sandbox offers', () => {
    expect(run.required.length).toBeGreaterThan(0)
    for (const name of run.required) expect(SANDBOXED_PRELOAD_MODULES).toContain(name)
  })

  it('exposes exactly one object, window.booth, frozen, with call, on and pathForFile and nothing else', () => {
    expect(run.calls.filter((c) => c.api === 'contextBridge.exposeInMainWorld').map((c) => c.key)).toEqual(['booth'])
    expect([...run.exposed.keys()]).toEqual(['booth'])
    expect(Object.isFrozen(booth)).toBe(true)
    expect(Object.keys(booth).sort()).toEqual(['call', 'on', 'pathForFile'])
    for (const value of Object.values(booth)) expect(typeof value).toBe('function')
  })

  it('carries a call over booth:call and hands back its result, or its refusal as an Error with the kind', async () => {
    run.ipcRenderer.invokeAnswer = async () => ({ ok: true, result: { mode: 'signed_out' } })
    await expect(booth.call('getSession', {})).resolves.toEqual({ mode: 'signed_out' })
    expect(run.ipcRenderer.invoked.at(-1)).toEqual({ channel: IPC_CALL, args: ['getSession', {}] })
    run.ipcRenderer.invokeAnswer = async () => ({
      ok: false,
      error: { kind: 'refused', message: 'Only Booth’s own window may do that.' },
    })
    await expect(booth.call('getSession', {})).rejects.toMatchObject({
      message: 'Only Booth’s own window may do that.',
      kind: 'refused',
      name: 'BridgeCallError',
    })
  })

  it('refuses a call name the contract does not have without sending anything', async () => {
    const before = run.ipcRenderer.invoked.length
    for (const name of ['noSuchCall', '__proto__', 'constructor', 42, null]) {
      await expect(booth.call(name, {})).rejects.toThrow(/Booth has no call named/)
    }
    expect(run.ipcRenderer.invoked.length).toBe(before)
  })

  it('delivers only the asked event from booth:event, stops on unsubscribe, and refuses unknown events', () => {
    const seen: unknown[] = []
    const stop = booth.on('session', (data) => seen.push(data))
    expect(run.ipcRenderer.listenerCount(IPC_EVENT)).toBe(1)
    run.ipcRenderer.emit(IPC_EVENT, {}, 'session', { mode: 'demo' })
    run.ipcRenderer.emit(
      IPC_EVENT,
      {},
      BRIDGE_EVENTS.find((e) => e !== 'session'),
      { other: true },
    )
    stop()
    run.ipcRenderer.emit(IPC_EVENT, {}, 'session', { mode: 'signed_out' })
    expect(seen).toEqual([{ mode: 'demo' }])
    expect(run.ipcRenderer.listenerCount(IPC_EVENT)).toBe(0)
    expect(() => booth.on('not-an-event', () => undefined)).toThrow(/Booth sends no event named/)
  })

  it('gives for a dropped file the id main hands out for it (booth:file), never its path; asks nothing for anything else', async () => {
    run.ipcRenderer.invokeAnswer = async () => ({ ok: true, result: 'file-id-1' })
    await expect(booth.pathForFile({ path: '/home/talent/take.wav' })).resolves.toBe('file-id-1')
    expect(run.ipcRenderer.invoked.at(-1)).toEqual({ channel: IPC_FILE, args: ['/home/talent/take.wav'] })
    const before = run.ipcRenderer.invoked.length
    await expect(booth.pathForFile({})).rejects.toThrow(/not a file on this computer/)
    expect(run.ipcRenderer.invoked.length).toBe(before)
    run.ipcRenderer.invokeAnswer = async () => ({
      ok: false,
      error: { kind: 'refused', message: 'Only Booth’s own window may do that.' },
    })
    await expect(booth.pathForFile({ path: '/home/talent/take.wav' })).rejects.toMatchObject({ kind: 'refused' })
  })

  it('uses exactly the bridge channels: invokes booth:call (and booth:file for a drop), listens on booth:event, sends nothing', async () => {
    await exerciseBridge(booth)
    const used = run.channelsUsed()
    expect(used.listen).toEqual([IPC_EVENT])
    expect(used.send).toEqual([])
    expect([...used.invoke].sort()).toEqual([IPC_CALL, IPC_FILE].sort())
  })
})
