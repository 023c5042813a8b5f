/**
 * Shown while jobs are ticked: how many, and Accept / Decline / Scripts PDF for them (each within its
 * limit: 100, 100 and 25 jobs), then the outcome per job. Clear (or Esc in the list) unticks them all.
 */
import { useState } from 'react'
import type { JobSummary } from '../../../../shared/bridge'
import { useBooth } from '../../store/use-booth'
import { bulkLimitProblem, type BulkAction } from '../../store/check-selection'
import { jobCount } from '../../ui/format/action-words'
import { BulkJobActionDialog, ScriptsPdfDialog } from './BulkDialogs'
import { BulkResultNote } from './BulkResultNote'
import type { BulkResult } from './bulk-result'
import { splitForAction } from './bulk-applicability'

const BUTTONS: Array<{ action: BulkAction; label: string; className: string }> = [
  { action: 'accept', label: 'Accept…', className: 'btn-primary' },
  { action: 'decline', label: 'Decline…', className: 'btn-danger-quiet' },
  { action: 'scriptsPdf', label: 'Scripts PDF…', className: '' },
]

export function SelectionBar() {
  const { checked, clearChecked } = useBooth((s) => ({ checked: s.checkedJobs, clearChecked: s.clearChecked }))
  const [dialog, setDialog] = useState<{ action: BulkAction; jobs: readonly JobSummary[] } | null>(null)
  const [result, setResult] = useState<BulkResult | null>(null)

  const onDone = (r: BulkResult) => {
    setDialog(null)
    setResult(r)
  }
  const close = () => setDialog(null)

  return (
    <>
      {checked.length > 0 && (
        <div className="selection-bar" role="toolbar" aria-label={`Actions for ${jobCount(checked.length)} selected`}>
          <span className="selection-count" aria-live="polite">
            {jobCount(checked.length)} selected
          </span>
          <div className="row-gap">
            {BUTTONS.map((b) => {
              const split = splitForAction(b.action, checked)
              const problem =
                split.jobs.length === 0
                  ? `None of the ticked jobs can take “${b.label.replace('…', '')}”`
                  : bulkLimitProblem(b.action, split.jobs.length)
              return (
                <button
                  key={b.action}
                  type="button"
                  className={`btn btn-small ${b.className}`}
                  disabled={problem !== null}
                  title={problem ?? undefined}
                  onClick={() => {
                    setResult(null)
                    setDialog({ action: b.action, jobs: split.jobs })
                  }}
                >
                  {b.label}
                </button>
              )
            })}
            <button type="button" className="btn btn-quiet btn-small" onClick={clearChecked}>
              Clear
            </button>
          </div>
          {BUTTONS.map((b) => bulkLimitProblem(b.action, splitForAction(b.action, checked).jobs.length))
            .filter((p, i, all): p is string => p !== null && all.indexOf(p) === i)
            .map((p) => (
              <span key={p} className="muted small">
                {p}
              </span>
            ))}
          {BUTTONS.map((b) => ({ b, out: splitForAction(b.action, checked).leftOut }))
            .filter((x) => x.out !== null)
            .map(({ b, out }) => (
              <span key={b.action} className="muted small bulk-left-out" data-action={b.action}>
                {b.label.replace('…', '')}: {out}
              </span>
            ))}
        </div>
      )}
      {result && <BulkResultNote result={result} onDismiss={() => setResult(null)} />}
      {dialog?.action === 'scriptsPdf' && <ScriptsPdfDialog jobs={dialog.jobs} onClose={close} onDone={onDone} />}
      {dialog && dialog.action !== 'scriptsPdf' && (
        <BulkJobActionDialog action={dialog.action} jobs={dialog.jobs} onClose={close} onDone={onDone} />
      )}
    </>
  )
}
