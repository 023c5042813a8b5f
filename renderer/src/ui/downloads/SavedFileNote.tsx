/** After a download: where the desktop app saved it, that the browser is downloading it, or why not. */
import type { AttachmentDownload } from '../../../../shared/bridge'
import { startBrowserDownload } from './browser-download'

export type DownloadState =
  | { kind: 'idle' }
  | { kind: 'working' }
  | { kind: 'saved'; path: string }
  | { kind: 'browser'; url: string; fileName: string }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: string }

/** Turns main's answer into what happened; in the web host it also starts the browser's download. */
export function settleDownload(answer: AttachmentDownload, fileName: string): DownloadState {
  if (answer.savedPath) return { kind: 'saved', path: answer.savedPath }
  if (answer.url) {
    const url = startBrowserDownload(answer.url, fileName)
    return url
      ? { kind: 'browser', url, fileName }
      : { kind: 'failed', error: 'The download link Booth received is not a web link, so it was not opened.' }
  }
  return { kind: 'cancelled' }
}

export function SavedFileNote({ state }: { state: DownloadState }) {
  switch (state.kind) {
    case 'saved':
      return (
        <p className="small download-note" role="status">
          Saved to <code className="path">{state.path}</code>
        </p>
      )
    case 'browser':
      return (
        <p className="small download-note" role="status">
          Your browser is downloading {state.fileName}.{' '}
          <a href={state.url} download={state.fileName} target="_blank" rel="noopener noreferrer">
            Download again
          </a>
        </p>
      )
    case 'failed':
      return (
        <p className="form-error small" role="alert">
          {state.error}
        </p>
      )
    default:
      return null
  }
}
