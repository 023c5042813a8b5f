/**
 * The comp grid of a job, in a dialog: sentences down, takes across, each cell its read-back state,
 * loudness, true peak and length. The last clean read of each sentence is picked to begin with; the
 * arrow keys move between cells and Space (or Enter, or a click) picks one, even a flubbed reading; a cell
 * with no reading to use (not read, or read from an older script) cannot be picked and says why on focus.
 * A sentence no take reads is named before anything is rendered. "Render comp" makes a new take; the work
 * goes on (with its progress beside the takes) when the dialog is closed.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { JobDetail } from '../../../../shared/bridge'
import type { CompGridView } from '../../../../shared/versions/types'
import { displayText } from '../../../../shared/display-text'
import {
  cellUse,
  cellWords,
  compPicks,
  effectivePicks,
  moveInGrid,
  unpickedSentences,
  unreadWords,
  type GridPosition,
} from './comp-grid-model'
import { VersionWorkStatus } from './VersionWorkStatus'
import { compKey, useVersions, useVersionsStore } from './versions-store'

export function CompGrid({ job, onClose }: { job: JobDetail; onClose(): void }) {
  const store = useVersionsStore()
  const key = compKey(job.job_id)
  const { grid, busy } = useVersions((s) => ({ grid: s.grids[job.job_id] ?? null, busy: s.busy[key] ?? null }))
  const [chosen, setChosen] = useState<Record<number, string>>({})
  const [focus, setFocus] = useState<GridPosition>({ row: 0, col: 0 })
  const ref = useRef<HTMLDialogElement>(null)
  const table = useRef<HTMLTableElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    const before = document.activeElement as HTMLElement | null
    if (dialog && !dialog.open) dialog.showModal?.()
    void store.getState().loadGrid(job.job_id)
    return () => before?.focus?.()
  }, [store, job.job_id])

  const moveFocus = (to: GridPosition) => {
    setFocus(to)
    table.current?.querySelector<HTMLElement>(`[data-row="${to.row}"][data-col="${to.col}"]`)?.focus()
  }

  return (
    <dialog
      ref={ref}
      className="dialog comp-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
    >
      <h2 id={titleId} className="dialog-title">
        Comp: the best reading of each sentence
      </h2>
      {grid ? (
        <CompGridBody
          grid={grid}
          chosen={chosen}
          focus={focus}
          table={table}
          onPick={(sentence, takeId) => setChosen((c) => ({ ...c, [sentence]: takeId }))}
          onMove={moveFocus}
        />
      ) : (
        busy === null && <p className="muted small">No grid to show.</p>
      )}
      <VersionWorkStatus workKey={key} label="Comp under way" />
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          {busy ? 'Close (keeps working)' : 'Close'}
        </button>
        {grid && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy !== null || compPicks(grid, chosen) === null}
            onClick={() => {
              const picks = compPicks(grid, chosen)
              if (picks) void store.getState().renderComp(job.job_id, picks)
            }}
          >
            Render comp
          </button>
        )}
      </div>
    </dialog>
  )
}

interface BodyProps {
  grid: CompGridView
  chosen: Record<number, string>
  focus: GridPosition
  table: React.RefObject<HTMLTableElement | null>
  onPick(sentence: number, takeId: string): void
  onMove(to: GridPosition): void
}

function CompGridBody({ grid, chosen, focus, table, onPick, onMove }: BodyProps) {
  const picks = effectivePicks(grid, chosen)
  const unread = unreadWords(unpickedSentences(grid, chosen))
  const rows = grid.sentences.length
  const cols = grid.takes.length
  const [why, setWhy] = useState<string | null>(null)
  /** Picks a cell that has a reading to use; an unusable one only says why. */
  const pick = (row: number, col: number) => {
    const take = grid.takes[col]
    const sentence = grid.sentences[row]
    const use = cellUse(grid.cells[row]?.[col])
    if (!use.usable) return setWhy(use.why)
    if (take && sentence) onPick(sentence.number, take.takeId)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLElement>, row: number, col: number) => {
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault()
      pick(row, col)
      return
    }
    const to = moveInGrid({ row, col }, e.key, rows, cols, e.ctrlKey || e.metaKey)
    if (to) {
      e.preventDefault()
      onMove(to)
    }
  }
  if (rows === 0 || cols === 0) return <p className="small">This job has no takes read from its script to comp yet.</p>
  return (
    <>
      <p className="small muted" id="comp-help">
        The last clean reading of each sentence is picked. Arrow keys move between readings; Space picks one.
      </p>
      {unread && (
        <p className="small tone-danger comp-unread" role="alert">
          {unread}
        </p>
      )}
      {grid.left_out.length > 0 && (
        <ul className="plain-list small muted comp-left-out" aria-label="Takes left out of the comp">
          {grid.left_out.map((l) => {
            const name = grid.takes.find((t) => t.takeId === l.takeId)?.name
            return <li key={l.takeId}>{displayText(name ? `${name}: ${l.reason}` : l.reason)}</li>
          })}
        </ul>
      )}
      <div className="comp-scroll">
        <table
          ref={table}
          className="comp-grid"
          role="grid"
          aria-label="Sentences by take"
          aria-describedby="comp-help"
          aria-rowcount={rows + 1}
          aria-colcount={cols + 1}
        >
          <thead>
            <tr>
              <th scope="col" className="comp-sentence-head">
                Sentence
              </th>
              {grid.takes.map((t) => (
                <th key={t.takeId} scope="col" className="comp-take-head">
                  {displayText(t.name)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.sentences.map((s, row) => (
              <tr key={s.number}>
                <th scope="row" className="comp-sentence">
                  <span className="comp-n">{s.number}.</span> {displayText(s.text)}
                </th>
                {grid.takes.map((t, col) => {
                  const cell = grid.cells[row]?.[col]
                  if (!cell) return <td key={t.takeId} role="gridcell" />
                  const words = cellWords(cell)
                  const use = cellUse(cell)
                  const picked = picks[row] === t.takeId
                  return (
                    <td
                      key={t.takeId}
                      role="gridcell"
                      className={`comp-cell state-${cell.state}${picked ? ' is-picked' : ''}${use.usable ? '' : ' is-unusable'}`}
                      data-row={row}
                      data-col={col}
                      data-state={cell.state}
                      tabIndex={focus.row === row && focus.col === col ? 0 : -1}
                      aria-selected={picked}
                      aria-disabled={use.usable ? undefined : true}
                      aria-describedby={use.usable ? undefined : 'comp-why'}
                      onFocus={() => setWhy(use.why)}
                      aria-label={
                        `Sentence ${s.number}, ${displayText(t.name)}: ` +
                        `${words.state}${words.figures ? `, ${words.figures}` : ''}${picked ? ', picked' : ''}`
                      }
                      title={cell.issues.length ? cell.issues.map(displayText).join('\n') : undefined}
                      onClick={() => {
                        onMove({ row, col })
                        pick(row, col)
                      }}
                      onKeyDown={(e) => onKeyDown(e, row, col)}
                    >
                      <span className="comp-state">
                        {picked && <span aria-hidden="true">✓ </span>}
                        {words.state}
                      </span>
                      {words.figures && <span className="comp-figures">{words.figures}</span>}
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p id="comp-why" className="small tone-warning comp-why" role="status" aria-live="polite">
        {why ?? ''}
      </p>
    </>
  )
}
