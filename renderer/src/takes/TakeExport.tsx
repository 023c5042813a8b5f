/**
 * A take leaving Booth the way desktop audio apps let it (issue 42, point 11): a drag handle that takes the
 * current version out onto the desktop, a folder or a DAW, Export… (a save dialog offering the delivery name,
 * or the browser's download in the web host) and Show in Finder/Explorer. What leaves is a copy main makes of
 * the file delivery sends (main/takes/take-export.ts): the version's render, byte for byte, never the recording
 * in place. The copy is made when the pointer or the keyboard reaches the handle, so the drag starts at once:
 * in the desktop app main hands it to the operating system (webContents.startDrag); in a browser the page sets
 * Chromium's DownloadURL. Keyboard: the handle and Export… both save the file where the talent chooses.
 */
import { useRef, useState, type DragEvent } from 'react'
import type { TakeView } from '../../../shared/bridge-takes'
import type { TakeExportView } from '../../../shared/bridge-export'
import { displayText } from '../../../shared/display-text'
import { useBridge } from '../bridge/BridgeProvider'
import { errorText } from '../store/error-text'
import { SavedFileNote, settleDownload, type DownloadState } from '../ui/downloads/SavedFileNote'

export interface TakeExportProps {
  take: TakeView
  name: string
}

/** A prepared copy belongs to one version and one trim of the take. */
function exportKey(take: TakeView): string {
  return `${take.id}|${take.current_version ?? 1}|${take.trim.head_s}|${take.trim.tail_s}`
}

/** Chromium's DownloadURL: "<type>:<file name>:<absolute URL>" (the name's colons would end it early; main's safe name has none). */
export function downloadUrlOf(view: TakeExportView, base: string): string {
  return `${view.mimeType}:${view.fileName.replace(/:/g, '_')}:${new URL(view.url, base).href}`
}

export function TakeExport({ take, name }: TakeExportProps) {
  const api = useBridge()
  const key = exportKey(take)
  const [ready, setReady] = useState<{ key: string; view: TakeExportView } | null>(null)
  const [state, setState] = useState<DownloadState>({ kind: 'idle' })
  const [note, setNote] = useState<string | null>(null)
  const asking = useRef<{ key: string; answer: Promise<TakeExportView> } | null>(null)
  const view = ready?.key === key ? ready.view : null
  const version = take.current_version ?? 1
  const hintId = `take-${take.id}-export-hint`

  const prepare = (): Promise<TakeExportView> => {
    if (view) return Promise.resolve(view)
    if (asking.current?.key === key) return asking.current.answer
    const answer = api.prepareTakeExport({ takeId: take.id }).then((v) => {
      setReady({ key, view: v })
      return v
    })
    asking.current = { key, answer }
    answer.catch(() => {
      if (asking.current?.answer === answer) asking.current = null
    })
    return answer
  }
  const fail = (err: unknown) => {
    setNote(null)
    setState({ kind: 'failed', error: displayText(errorText(err)) })
  }
  const warm = () => void prepare().catch(fail)

  const onDragStart = (e: DragEvent<HTMLButtonElement>) => {
    if (view?.drag === 'download_url') {
      e.dataTransfer.effectAllowed = 'copy'
      e.dataTransfer.setData('DownloadURL', downloadUrlOf(view, document.baseURI))
      setState({ kind: 'idle' })
      setNote(
        `Dragging a copy of ${view.fileName} (version ${view.version}, as delivered). Your take in Booth stays as it is.`,
      )
      return
    }
    // The desktop app: the operating system's own drag, started by main with the file it made.
    e.preventDefault()
    if (view?.drag === 'native') {
      setNote(
        `Dragging a copy of ${view.fileName} (version ${view.version}, as delivered). Your take in Booth stays as it is.`,
      )
      void api.dragTakeOut({ takeId: take.id }).catch(fail)
      return
    }
    setNote('Getting the file ready; drag it again in a moment.')
    warm()
  }

  const exportNow = async () => {
    setState({ kind: 'working' })
    setNote(null)
    try {
      const v = await prepare()
      const answer = await api.exportTake({ takeId: take.id })
      const settled = settleDownload(answer, answer.fileName)
      setState(settled)
      if (settled.kind === 'saved')
        setNote(
          `A copy of version ${v.version} as delivered. ${v.revealLabel ?? 'Show in folder'} shows this copy; your take in Booth stays as it is.`,
        )
    } catch (err) {
      fail(err)
    }
  }

  const reveal = async () => {
    try {
      await api.showTakeExport({ takeId: take.id })
    } catch (err) {
      fail(err)
    }
  }

  const fileName = view?.fileName ?? null
  return (
    <div className="take-export" role="group" aria-label={`Take ${name} out of Booth`}>
      <button
        type="button"
        className="btn btn-small take-drag"
        draggable
        data-ready={view ? 'true' : 'false'}
        aria-label={`Drag ${fileName ?? `version ${version} of ${name}`} out of Booth, or press to export it`}
        aria-describedby={hintId}
        title="Drag to the desktop, a folder or your DAW"
        onPointerEnter={warm}
        onFocus={warm}
        onDragStart={onDragStart}
        onClick={() => void exportNow()}
      >
        <span aria-hidden="true">⠿</span> Drag out
      </button>
      <button
        type="button"
        className="btn btn-small"
        disabled={state.kind === 'working'}
        onClick={() => void exportNow()}
      >
        Export…
      </button>
      {view?.revealLabel && (
        <button
          type="button"
          className="btn btn-small btn-quiet"
          title="Shows the copy you exported (or Booth's own copy), never the take itself"
          onClick={() => void reveal()}
        >
          {view.revealLabel}
        </button>
      )}
      <span id={hintId} className="sr-only">
        A copy of version {version} as delivered; your take in Booth is never changed by what is done to the copy.
      </span>
      {(note || state.kind !== 'idle') && (
        <div className="take-export-notes">
          <SavedFileNote state={state} />
          {note && (
            <p className="small muted" role="status">
              {note}
            </p>
          )}
        </div>
      )}
    </div>
  )
}
