/**
 * "Finish for delivery" beside a take's versions (issue 33, point 1): the talent's choices (breaths lower,
 * keep or cut to room tone; the longest tempo change allowed; the shortest pause; a gated take's pauses kept
 * silent or given another take's room tone), the action, and once the
 * take's current version is a finish, its figures before and after side by side, an A/B toggle, and undo
 * (the versions' own: back to the version it was made from). Main makes the version (finishVersion) and
 * reports its progress under the take (VersionWorkStatus); the panel stays usable meanwhile. As soon as the
 * finished audio is written (before it is measured and read back) main offers it, and the A/B player plays
 * it at once; the version that lands is that audio, so playing goes on. A refusal is
 * the take's notice, one sentence; nothing is made.
 */
import { useState } from 'react'
import type { TakeView } from '../../../../shared/bridge-takes'
import {
  BREATH_CHOICES,
  DEFAULT_FINISH_CHOICES,
  LONGEST_PAUSE_S,
  MAX_TEMPO_PERCENT,
  SHORTEST_PAUSE_S,
  type FinishChoices,
} from '../../../../shared/versions/finish'
import { FinishAB } from './FinishAB'
import { FinishCompare } from './FinishCompare'
import { FinishPauses } from './FinishPauses'
import { BREATH_WORDS } from './finish-words'
import { currentVersionNumber } from './version-words'
import { useVersions, useVersionsStore } from './versions-store'
import './finish.css'

export interface FinishPanelProps {
  take: TakeView
  takeName: string
  /** The job's customer (whose profile judges the take's report). */
  customerId: string | null
  /** The take is being sent or was delivered: nothing can be finished or undone, the figures still show. */
  locked: boolean
  busy: boolean
}

export function FinishPanel({ take, takeName, customerId, locked, busy }: FinishPanelProps) {
  const store = useVersionsStore()
  const number = currentVersionNumber(take)
  const current = take.versions?.find((v) => v.number === number) ?? null
  const finished = current?.operation === 'finish' && current.finish ? current.finish : null
  // The finish's audio main offered while its version is still being made (made from the version shown now).
  const offered = useVersions((s) => s.previews[take.id] ?? null)
  const preview = offered && offered.made_from === number ? offered : null
  // A/B at the same word (the finish's time map) and matched loudness (its measured LUFS before and after).
  const compare = preview
    ? { before: preview.base_version, after: null, previewUrl: preview.url, timeMap: null, loudness: null }
    : finished
      ? {
          before: finished.base_version,
          after: number,
          previewUrl: null,
          timeMap: finished.time_map ?? null,
          loudness: { before: finished.before.lufs, after: finished.after.lufs },
        }
      : null
  const [open, setOpen] = useState(false)
  const [choices, setChoices] = useState<FinishChoices>(finished?.choices ?? DEFAULT_FINISH_CHOICES)
  // A new current version (finished, undone, restored): the choices start from what it was finished with.
  const [choicesOf, setChoicesOf] = useState(number)
  if (choicesOf !== number) {
    setChoicesOf(number)
    setChoices(finished?.choices ?? DEFAULT_FINISH_CHOICES)
  }
  const spot = take.spot_length_s
  const set = (patch: Partial<FinishChoices>) => setChoices((c) => ({ ...c, ...patch }))
  const finish = () => void store.getState().finish(take.id, choices)
  const ids = { tempo: `fin-tempo-${take.id}`, pause: `fin-pause-${take.id}`, longest: `fin-longest-${take.id}` }
  const longest = choices.longestPauseS ?? DEFAULT_FINISH_CHOICES.longestPauseS ?? 2

  if (locked && !finished) return null
  return (
    <section className="fin-panel" aria-label={`Finish ${takeName} for delivery`}>
      <div className="fin-head">
        <button type="button" className="btn btn-small" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {finished
            ? `Finished: ${finished.after.length_s.toFixed(2)} s for ${finished.spot_length_s.toFixed(1)} s`
            : 'Finish for delivery…'}
        </button>
        {finished && current?.made_from && !locked && (
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            onClick={() => void store.getState().restore(take.id, current.made_from as number)}
          >
            Undo finish: back to v{current.made_from}
          </button>
        )}
      </div>
      {open && (
        <div className="fin-body">
          {finished && <FinishCompare finish={finished} before={finished.base_version} after={number} />}
          {compare && <FinishAB takeId={take.id} takeName={takeName} {...compare} />}
          {!locked && (
            <fieldset className="fin-choices">
              <legend className="small">Choices</legend>
              <div className="fin-choice" role="radiogroup" aria-label="Breaths">
                <span className="small">Breaths</span>
                {BREATH_CHOICES.map((b) => (
                  <label key={b} className="small fin-radio">
                    <input
                      type="radio"
                      name={`fin-breaths-${take.id}`}
                      value={b}
                      checked={choices.breaths === b}
                      onChange={() => set({ breaths: b })}
                    />{' '}
                    {BREATH_WORDS[b]}
                  </label>
                ))}
              </div>
              <div className="fin-choice">
                <label className="small" htmlFor={ids.tempo}>
                  Longest tempo change
                </label>
                <input
                  id={ids.tempo}
                  type="range"
                  min={MAX_TEMPO_PERCENT.min}
                  max={MAX_TEMPO_PERCENT.max}
                  step={0.5}
                  value={choices.maxTempoPercent}
                  onChange={(e) => set({ maxTempoPercent: Number(e.currentTarget.value) })}
                />
                <output className="small" htmlFor={ids.tempo}>
                  {choices.maxTempoPercent === 0 ? 'none' : `${choices.maxTempoPercent.toFixed(1)} %`}
                </output>
              </div>
              <div className="fin-choice">
                <label className="small" htmlFor={ids.pause}>
                  Shortest pause
                </label>
                <input
                  id={ids.pause}
                  type="range"
                  min={SHORTEST_PAUSE_S.min}
                  max={SHORTEST_PAUSE_S.max}
                  step={0.05}
                  value={choices.shortestPauseS}
                  onChange={(e) => set({ shortestPauseS: Math.round(Number(e.currentTarget.value) * 100) / 100 })}
                />
                <output className="small" htmlFor={ids.pause}>
                  {choices.shortestPauseS.toFixed(2)} s
                </output>
              </div>
              <div className="fin-choice">
                <label className="small" htmlFor={ids.longest}>
                  Longest pause
                </label>
                <input
                  id={ids.longest}
                  type="range"
                  min={LONGEST_PAUSE_S.min}
                  max={LONGEST_PAUSE_S.max}
                  step={0.1}
                  value={longest}
                  onChange={(e) => set({ longestPauseS: Math.round(Number(e.currentTarget.value) * 10) / 10 })}
                />
                <output className="small" htmlFor={ids.longest}>
                  {longest.toFixed(1)} s
                </output>
              </div>
              <FinishPauses
                take={take}
                customerId={customerId}
                value={choices.roomToneTakeId}
                onChange={(id) =>
                  setChoices(({ roomToneTakeId: _, ...c }) => (id === undefined ? c : { ...c, roomToneTakeId: id }))
                }
              />
              {spot === null || !(spot > 0) ? (
                <p className="small muted" role="note">
                  This job has no spot length, so there is nothing to fit the take to.
                </p>
              ) : (
                <button type="button" className="btn btn-small btn-primary" disabled={busy} onClick={finish}>
                  {finished ? 'Finish again with these choices' : `Finish for delivery (${spot.toFixed(1)} s spot)`}
                </button>
              )}
            </fieldset>
          )}
        </div>
      )}
    </section>
  )
}
