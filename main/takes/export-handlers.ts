/**
 * Bridge handlers for a take leaving Booth (shared/bridge-export.ts): the copy a drag hands out, the
 * desktop's drag (webContents.startDrag, given as a port), Export… (the desktop's save dialog offering the
 * delivery name, or the web host's download link) and Show in Finder/Explorer (shell.showItemInFolder, a
 * port). The OS pieces are injected, so the web host simply has none of the desktop's.
 */
import { UserFacingError } from '../bridge/describe-error'
import type { BridgeHandlers } from '../bridge/dispatch'
import { OutputRefusal } from '../storage/safe-output'
import type { TakeExportView } from '../../shared/bridge-export'
import { guardTakeErrors } from './take-errors'
import { exportMimeType, TakeExports, type PreparedExport } from './take-export'
import type { TakeStore } from './take-store'

export interface ExportPorts {
  store: TakeStore
  /** Where the copies a drag hands out are kept (inside a folder the page may read media from). */
  dir: string
  mediaUrl: (path: string) => string
  /** Desktop: a save dialog (null when cancelled). Absent in the web host: the browser downloads. */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>
  /** Desktop: the operating system's drag of a file out of the window. */
  startDrag?: (path: string) => void
  /** Desktop: shows a file in Finder or Explorer. */
  showItemInFolder?: (path: string) => void
  /** The clock the copies' ages are read by (Date.now). */
  now?: () => number
  /** The platform, for the button's words (process.platform). */
  platform?: NodeJS.Platform
}

type Handled = 'prepareTakeExport' | 'dragTakeOut' | 'exportTake' | 'showTakeExport'

/** What the talent's file manager is called where Booth runs. */
export function revealLabelFor(platform: NodeJS.Platform): string {
  return platform === 'darwin' ? 'Show in Finder' : platform === 'win32' ? 'Show in Explorer' : 'Show in folder'
}

export function createExportHandlers(ports: ExportPorts): Pick<BridgeHandlers, Handled> {
  const exports = new TakeExports(ports.store, ports.dir, ports.now)
  // The copies earlier runs handed out, a day old: cleared as Booth starts (and hourly as copies are made).
  void exports.sweep().catch(() => undefined)
  const guard = <T>(run: () => Promise<T>): Promise<T> =>
    guardTakeErrors(async () => {
      try {
        return await run()
      } catch (err) {
        if (err instanceof OutputRefusal) throw new UserFacingError('take', err.message, 409)
        throw err
      }
    })
  const view = (p: PreparedExport): TakeExportView => ({
    takeId: p.takeId,
    version: p.version,
    fileName: p.fileName,
    mimeType: exportMimeType(p.fileName),
    sha256: p.sha256,
    bytes: p.bytes,
    url: ports.mediaUrl(p.path),
    drag: ports.startDrag ? 'native' : 'download_url',
    revealLabel: ports.showItemInFolder ? revealLabelFor(ports.platform ?? process.platform) : null,
  })
  return {
    prepareTakeExport: ({ takeId }) => guard(async () => view(await exports.prepare(takeId))),
    dragTakeOut: ({ takeId }) =>
      guard(async () => {
        if (!ports.startDrag)
          throw new UserFacingError(
            'not_here',
            'In a browser the file is dragged by the page itself; there is nothing for Booth to start.',
            409,
          )
        ports.startDrag((await exports.prepare(takeId)).path)
        return null
      }),
    exportTake: ({ takeId }) =>
      guard(async () => {
        const ready = await exports.prepare(takeId)
        if (!ports.chooseSavePath)
          return { savedPath: null, url: `${ports.mediaUrl(ready.path)}?download=1`, fileName: ready.fileName }
        const target = await ports.chooseSavePath(ready.fileName)
        if (!target) return { savedPath: null, url: null, fileName: ready.fileName }
        return { savedPath: (await exports.saveTo(takeId, target)).savedPath, url: null, fileName: ready.fileName }
      }),
    showTakeExport: ({ takeId }) =>
      guard(async () => {
        if (!ports.showItemInFolder)
          throw new UserFacingError(
            'not_here',
            'In a browser Booth cannot open a folder; use Export… and your browser’s downloads.',
            409,
          )
        const path = await exports.revealPath(takeId)
        ports.showItemInFolder(path)
        return { shown: path }
      }),
  }
}
