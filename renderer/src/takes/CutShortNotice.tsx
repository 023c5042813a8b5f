/**
 * What became of each take whose window went away mid-recording, said at once over every screen until the
 * talent closes it: "The take MILL-0042_main_03 was cut short by the reload at 0:03.2 and is kept." The
 * takes come from main (a window opened after the one that recorded closed is handed them), said as cut short
 * "by the reload" when this tab recorded them before reloading (recorder/take-in-flight.ts). Mounted once
 * by the app; its first render asks the recorder to settle the take a reload left.
 */
import { useEffect } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { useRecorder, useRecorderStore } from './recorder/recorder-store'
import { cutShortNotices } from './recorder/cut-short-words'
import { hostPageName, pageIds } from '../bridge/page-id'

/** The page this tab showed before its reload, as main names it (null: none, or not known). */
function previousPage(): string | null {
  const previous = pageIds().previous
  return previous === null ? null : hostPageName(previous)
}

export function CutShortNotice() {
  const recorder = useRecorderStore()
  const said = cutShortNotices(
    useRecorder(
      useShallow((s) => ({ cutShortTakes: s.cutShortTakes, reloadedTakeIds: s.reloadedTakeIds, cutShort: s.cutShort })),
    ),
    previousPage(),
  )
  useEffect(() => {
    void recorder.getState().settleCutShort()
  }, [recorder])
  if (said.length === 0) return null
  return (
    <div className="set-aside-notices" role="status" aria-live="polite">
      {said.map((n) => (
        <div
          key={n.takeId}
          className="notice notice-warning set-aside-notice"
          data-testid="cut-short-take"
          data-take-id={n.takeId}
        >
          <strong className="notice-title">{n.title}</strong>
          <p>{n.text}</p>
          <button type="button" className="btn btn-small" onClick={() => recorder.getState().dismissCutShort(n.takeId)}>
            OK
          </button>
        </div>
      ))}
    </div>
  )
}
