/**
 * Sandboxed CommonJS preload: exposes exactly one object, window.booth, with `call` for the calls named
 * in the bridge contract and `on` for its events. Nothing raw (no ipcRenderer, no Node) reaches the page.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron'
import { BRIDGE_EVENTS, isBridgeCallName, type BridgeEventName } from '../shared/bridge'
import { IPC_CALL, IPC_EVENT, IPC_FILE } from '../shared/ipc-channels'

type BridgeAnswer = { ok: true; result: unknown } | { ok: false; error: { kind: string; message: string } }

contextBridge.exposeInMainWorld(
  'booth',
  Object.freeze({
    call(name: string, args: unknown): Promise<unknown> {
      if (!isBridgeCallName(name)) return Promise.reject(new Error(`Booth has no call named ${String(name)}.`))
      return ipcRenderer.invoke(IPC_CALL, name, args).then((answer: BridgeAnswer) => {
        if (answer.ok) return answer.result
        throw Object.assign(new Error(answer.error.message), { name: 'BridgeCallError', kind: answer.error.kind })
      })
    },
    /**
     * The id main hands out for a file the person dropped onto the window (never for anything else: a File
     * the page made itself has no path). importTake names the file by it; the page never learns the path.
     */
    pathForFile(file: File): Promise<string> {
      const path = webUtils.getPathForFile(file)
      if (!path) return Promise.reject(new Error('That item is not a file on this computer.'))
      return ipcRenderer.invoke(IPC_FILE, path).then((answer: BridgeAnswer) => {
        if (answer.ok) return answer.result as string
        throw Object.assign(new Error(answer.error.message), { name: 'BridgeCallError', kind: answer.error.kind })
      })
    },
    on(event: string, fn: (data: unknown) => void): () => void {
      if (!BRIDGE_EVENTS.includes(event as BridgeEventName))
        throw new Error(`Booth sends no event named ${String(event)}.`)
      const listener = (_e: IpcRendererEvent, name: string, data: unknown) => {
        if (name === event) fn(data)
      }
      ipcRenderer.on(IPC_EVENT, listener)
      return () => ipcRenderer.removeListener(IPC_EVENT, listener)
    },
  }),
)
