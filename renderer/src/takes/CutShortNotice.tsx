/**
 * What became of the take a reload cut short (recorder/take-in-flight.ts), said at once as the page comes
 * back, over every screen, until the talent closes it: "The take MILL-0042_main_03 was cut short by the
 * reload at 0:03.2 and is kept." Mounted once by the app; its first render asks the recorder to settle it.
 */
import { useEffect } from 'react'
import { useRecorder, useRecorderStore } from './recorder/recorder-store'

export function CutShortNotice() {
  const recorder = useRecorderStore()
  const said = useRecorder((s) => s.cutShort)
  useEffect(() => {
    void recorder.getState().settleCutShort()
  }, [recorder])
  if (!said) return null
  return (
    <div className="set-aside-notices" role="status" aria-live="polite" data-testid="cut-short-take">
      <div className="notice notice-warning set-aside-notice">
        <strong className="notice-title">A take was recording when the page reloaded</strong>
        <p>{said.text}</p>
        <button type="button" className="btn btn-small" onClick={() => recorder.getState().dismissCutShort()}>OK</button>
      </div>
    </div>
  )
}
