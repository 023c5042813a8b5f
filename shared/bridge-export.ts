/**
 * Bridge calls for a take leaving Booth the way desktop audio apps let it (issue 42, point 11): dragged out of
 * the window onto the desktop, a folder or a DAW, saved by Export…, shown in Finder or Explorer. What leaves is
 * always a copy of the take's current version as delivery sends it (main/takes/take-delivery-file.ts: the
 * version's render, checked against its SHA-256, trimmed when a trim is set, under the delivery name), never
 * the recording in place. Merged into the one contract by shared/bridge.ts.
 */
import { obj, takeId, type Check } from './check'

export const exportCalls = {
  /**
   * Makes (or finds) the copy a drag hands out and says how this host drags it: the page asks when the pointer
   * or the keyboard reaches the drag handle, so the drag itself can start at once.
   */
  prepareTakeExport: obj({ takeId }),
  /** Desktop: starts the operating system's drag of the prepared copy (webContents.startDrag). */
  dragTakeOut: obj({ takeId }),
  /** Export…: desktop, a save dialog offering the delivery name; web host, a download link of the copy. */
  exportTake: obj({ takeId }),
  /** Shows the exported copy (the last one saved by Export…, else Booth's own copy) in Finder or Explorer. */
  showTakeExport: obj({ takeId }),
} satisfies Record<string, Check<unknown>>

/** What the page needs to offer a take's current version outside Booth. */
export interface TakeExportView {
  takeId: string
  /** The version it is (the take's current one when prepared). */
  version: number
  /** The delivery name, safe on every file system (ACME_main_03_v2.wav). */
  fileName: string
  /** The file's type, for the browser's DownloadURL ("audio/wav"). */
  mimeType: string
  /** SHA-256 of the bytes, the same as delivery's file. */
  sha256: string
  bytes: number
  /** Where this host's page reads the copy (the web host's /media/ route, a booth-media: URL on the desktop). */
  url: string
  /**
   * How a drag out works here: 'native' (the desktop app: the page asks main, which hands the file to the
   * operating system), 'download_url' (a browser: the page sets Chromium's DownloadURL on the drag).
   */
  drag: 'native' | 'download_url'
  /** "Show in Finder" / "Show in Explorer" / "Show in folder"; null where Booth cannot show a folder (the web host). */
  revealLabel: string | null
}

export interface TakeExportSaved {
  /** Desktop: where the copy was saved (null when the save dialog was cancelled). */
  savedPath: string | null
  /** Web host: a same-origin link the browser downloads (Content-Disposition attachment, the safe name). */
  url: string | null
  fileName: string
}

export interface ExportResults {
  prepareTakeExport: TakeExportView
  dragTakeOut: null
  exportTake: TakeExportSaved
  showTakeExport: { shown: string }
}
