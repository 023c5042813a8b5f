/** The script, large and adjustable: typed (sanitized HTML or plain text) with marked pronunciations, or a document. */
import { useEffect, useRef, useState } from 'react'
import type { JobDetail } from '../../../shared/bridge'
import { onReadingCommand } from './reading/use-reading-keys'
import { useScriptFontSize } from './reading/use-script-font-size'
import { ScriptFontControl } from './ScriptFontControl'
import { SanitizedHtml } from './SanitizedHtml'
import { MarkedText } from './MarkedText'
import { ScriptDocumentView } from './ScriptDocumentView'
import { formatTimestamp } from '../ui/format/calendar-dates'
import { useRememberedFlag } from '../ui/hooks/use-remembered-flag'
import { usePrompter } from './reading/use-prompter'
import { useVoiceFollow } from './reading/use-voice-follow'
import { usePrompterState } from './reading/prompter-store'
import { PrompterControl, PrompterStatus } from './reading/PrompterControl'
import { CheckedScript } from '../takes/CheckedScript'
import { takeName } from '../takes/take-numbers'

export function ScriptPanel({ job, documentPath }: { job: JobDetail; documentPath: string | null }) {
  const font = useScriptFontSize()
  const script = job.script
  const { step } = font
  const readRef = useRef<HTMLDivElement>(null)
  const prompter = usePrompter(readRef, job.length_s)
  const mode = usePrompterState((s) => s.settings?.mode ?? 'voice')
  // `p` starts the paced prompter only when the prompter is set to the spot's pace.
  const togglePrompter = mode === 'pace' ? prompter.toggle : null
  // While a take records, the line being read is highlighted and kept at the marker (unless the paced prompter scrolls).
  const follow = useVoiceFollow(readRef, job.job_id, script.text, !prompter.running)
  // Respellings shown above the words (on by default), remembered per computer.
  const [says, setSays] = useRememberedFlag('booth.showPronunciations', true)
  // The newest delivery whose audio check found issues can be laid over this script.
  const checked = [...job.deliveries_detail].sort((a, b) => b.created_at - a.created_at).find((d) => d.check.issues.length > 0) ?? null
  const [overlay, setOverlay] = useState<string | null>(null)
  const showCheck = checked !== null && overlay === checked.delivery_id && script.kind === 'typed'
  // + and − (reading-mode keys) change the size the same way the buttons do.
  useEffect(
    () =>
      onReadingCommand((command) => {
        if (command === 'bigger') step(1)
        if (command === 'smaller') step(-1)
        if (command === 'prompter') togglePrompter?.()
      }),
    [step, togglePrompter],
  )
  return (
    <section className="script-panel" aria-labelledby="script-title">
      <header className="section-head">
        <h3 id="script-title" className="section-title">
          Script
          {script.revised_at !== null && <span className="muted small"> · revised {formatTimestamp(script.revised_at)}</span>}
        </h3>
        <div className="script-tools">
          {job.pronunciations.length > 0 && script.kind === 'typed' && (
            <button type="button" className="btn btn-quiet btn-small" aria-pressed={says} onClick={() => setSays(!says)}>
              Pronunciations on the words
            </button>
          )}
          {script.kind === 'typed' && <PrompterControl pace={prompter} />}
          {checked && script.kind === 'typed' && (
            <button type="button" className="btn btn-quiet btn-small" aria-pressed={showCheck} onClick={() => setOverlay(showCheck ? null : checked.delivery_id)}>
              Audio check on the script
            </button>
          )}
          {script.kind !== 'none' && <ScriptFontControl {...font} />}
        </div>
      </header>
      {showCheck && checked && (
        <p className="small tone-warning script-check-note" role="status">
          The audio check of {takeName(checked)} found {checked.check.issues.length} issue{checked.check.issues.length === 1 ? '' : 's'}: marked on the words below (focus one to read it).
        </p>
      )}
      {script.kind === 'typed' && mode === 'voice' && <PrompterStatus follow={follow.active} />}
      {script.kind === 'none' && <p className="empty-state">This job has no script yet.</p>}
      {script.kind === 'document' && script.document && (
        <ScriptDocumentView jobId={job.job_id} document={script.document} localPath={documentPath} fontSize={font.size} />
      )}
      {script.kind !== 'none' && (script.html !== null || script.text.trim() !== '') && (
        <div ref={readRef} className={`script-read${says ? ' says-on' : ''}`} style={{ fontSize: `${font.size}px` }}>
          {showCheck && checked ? (
            <CheckedScript text={script.text} issues={checked.check.issues} />
          ) : script.html !== null ? (
            <SanitizedHtml html={script.html} pronunciations={job.pronunciations} className="script-text" />
          ) : (
            <MarkedText text={script.text} pronunciations={job.pronunciations} className="script-text pre-wrap" />
          )}
        </div>
      )}
    </section>
  )
}
