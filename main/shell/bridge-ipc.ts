/**
 * The bridge over Electron IPC, main side: one invoke channel (`booth:call`) whose every call must come
 * from the app's own top frame, with a call name and arguments the bridge contract accepts. Events go
 * the other way over `booth:event` (webContents.send), which needs no handler here.
 *
 * No Electron import: ipcMain and the invoke event are described by the small interfaces below, which
 * Electron's real objects satisfy, so tests can drive the handler with plain objects.
 */
import { isAbsolute } from 'node:path'
import { describeAndLog } from '../bridge/describe-error'
import type { Dispatch } from '../bridge/dispatch'
import { isAppUrl } from '../security/external-url'
import type { Log } from '../logging/redacting-log'
import { IPC_CALL, IPC_FILE } from '../../shared/ipc-channels'
import type { FileGrants } from '../security/file-grants'

/** Electron's WebFrameMain, as far as the sender check needs it. */
export interface FrameLike {
  readonly url: string
  readonly parent: FrameLike | null
}

/** Electron's IpcMainInvokeEvent, as far as the sender check needs it (senderFrame is null once the frame is gone). */
export interface InvokeEventLike {
  readonly senderFrame: FrameLike | null | undefined
  /** The window's webContents: its id names the window a call came from (windowOwner). */
  readonly sender?: { readonly id: number } | null | undefined
}

/** The name main knows a window by (bridge/caller.ts): a recording belongs to the window that started it. */
export function windowOwner(webContentsId: number): string {
  return `window:${webContentsId}`
}

/** The part of Electron's ipcMain the bridge uses. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>): void
}

export type BridgeAnswer = { ok: true; result: unknown } | { ok: false; error: { kind: string; message: string } }

export const REFUSED_SENDER_MESSAGE = 'Only Booth’s own window may do that.'

/**
 * True only for the app's own top frame: a frame with no parent whose URL has exactly the app origin's
 * scheme, host and port and no user name or password (`booth://app/…` packaged, the dev server in
 * development). Compared with
 * `isAppUrl`, not WHATWG `URL.origin`, which is the string "null" for a custom scheme such as booth:.
 */
export function isAppTopFrame(frame: FrameLike | null | undefined, appOrigin: string): boolean {
  if (frame === null || frame === undefined || frame.parent !== null) return false
  if (typeof frame.url !== 'string' || !isAppUrl(frame.url, appOrigin)) return false
  const url = new URL(frame.url)
  return url.username === '' && url.password === ''
}

export interface BridgeIpcDeps {
  /** Where the app's own page comes from (see renderer-location.ts). */
  appOrigin: string
  dispatch: Dispatch
  log: Log
  /** Hands the preload a one-time id for each dropped file (`booth:file`); without it that channel is not bound. */
  files?: FileGrants
}

/** The whole answer to one invoke, from any sender; exported so tests can call it without ipcMain. */
export async function answerBridgeCall(
  event: InvokeEventLike,
  name: unknown,
  args: unknown,
  deps: BridgeIpcDeps,
): Promise<BridgeAnswer> {
  const frame = event?.senderFrame
  if (!isAppTopFrame(frame, deps.appOrigin)) {
    deps.log.warn('refused a bridge call from a frame that is not Booth’s own window', {
      url: typeof frame?.url === 'string' ? frame.url.slice(0, 200) : null,
      topFrame: frame ? frame.parent === null : null,
    })
    return { ok: false, error: { kind: 'refused', message: REFUSED_SENDER_MESSAGE } }
  }
  if (typeof name !== 'string') {
    return { ok: false, error: { kind: 'bad_request', message: 'A bridge call needs the name of the call as text.' } }
  }
  try {
    const sender = event.sender?.id
    return {
      ok: true,
      result: (await deps.dispatch(name, args, typeof sender === 'number' ? windowOwner(sender) : undefined)) ?? null,
    }
  } catch (err) {
    const failure = describeAndLog(err, deps.log, { call: name.slice(0, 60) })
    return { ok: false, error: { kind: failure.kind, message: failure.message } }
  }
}

/** The id of a dropped file the preload asks for (`booth:file`), from the app's own top frame only. */
export function answerFileGrant(
  event: InvokeEventLike,
  path: unknown,
  deps: BridgeIpcDeps & { files: FileGrants },
): BridgeAnswer {
  if (!isAppTopFrame(event?.senderFrame, deps.appOrigin))
    return { ok: false, error: { kind: 'refused', message: REFUSED_SENDER_MESSAGE } }
  if (typeof path !== 'string' || path === '' || path.length > 4096 || !isAbsolute(path)) {
    return { ok: false, error: { kind: 'bad_request', message: 'That item is not a file on this computer.' } }
  }
  return { ok: true, result: deps.files.grant(path) }
}

/** Registers Booth's IPC handlers: the bridge's calls, and the dropped files' ids. */
export function bindBridgeIpc(ipcMain: IpcMainLike, deps: BridgeIpcDeps): void {
  ipcMain.handle(IPC_CALL, (event, name, args) => answerBridgeCall(event, name, args, deps))
  const files = deps.files
  if (files) ipcMain.handle(IPC_FILE, async (event, path) => answerFileGrant(event, path, { ...deps, files }))
}
