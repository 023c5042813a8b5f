/**
 * The script, large and adjustable: typed (sanitized HTML or plain text) or a document. On a typed script
 * the words carry their marks together (script/marks/): the pronunciations, Booth's read-back of the take
 * on the script (the newest, or the one chosen in its take card) and, labelled apart, the platform's audio
 * check; where both checks judged the same take and disagree, the bar above says so. A read-back mark is
 * a button (click, or Enter) that plays the take from 1.5 s before the issue.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import type { JobDetail } from '../../../shared/bridge'
import { onReadingCommand } from '../reading/use-reading-keys'
import { useScriptFontSize } from './reading/use-script-font-size'
import { ScriptFontControl } from './ScriptFontControl'
import { MarkedHtml } from './MarkedHtml'
import { MarkedText } from './MarkedText'
import { ScriptDocumentView } from './ScriptDocumentView'
import { formatTimestamp } from '../ui/format/calendar-dates'
import { useRememberedFlag } from '../ui/hooks/use-remembered-flag'
import { usePrompter } from './prompter/use-prompter'
import { useVoiceFollow } from './prompter/use-voice-follow'
import { usePaceFallback } from './prompter/use-pace-fallback'
import { usePrompterState } from './prompter/prompter-store'
import { PrompterControl, PrompterStatus } from './prompter/PrompterControl'
import { useReadbackStore } from '../takes/readback/readback-store'
import { newestTakeNumber, useJobTakes } from '../takes/readback/script-take'
import { useTakePlayback } from '../takes/readback/use-take-playback'
import { useScriptChecks } from './marks/use-script-checks'
import { useScriptMarks } from './marks/use-script-marks'
import { ScriptChecksBar } from './marks/ScriptChecksBar'
import { ScriptUnplaced } from './marks/ScriptUnplaced'
import type { Disagreement } from './marks/disagreements'
import { fitTip, tipMarkOf } from './marks/fit-tip'
import './marks/marks.css'

export function ScriptPanel({ job, documentPath }: { job: JobDetail; documentPath: string | null }) {
  const font = useScriptFontSize()
  const script = job.script
  const typed = script.kind === 'typed'
  const { step } = font
  const readRef = useRef<HTMLDivElement>(null)
  const prompter = usePrompter(readRef, job.length_s)
  const mode = usePrompterState((s) => s.settings?.mode ?? 'voice')
  // `p` starts the paced prompter only when the prompter is set to the spot's pace.
  const togglePrompter = mode === 'pace' ? prompter.toggle : null
  // While a take records, the line being read is highlighted and kept at the marker (unless the paced prompter scrolls).
  const follow = useVoiceFollow(readRef, job.job_id, script.text, !prompter.running)
  // The voice lost mid-take (its engine killed or crashed): the spot's pace scrolls the script instead.
  const fallback = usePaceFallback(follow.active, prompter)
  // Respellings shown above the words (on by default), remembered per computer.
  const [says, setSays] = useRememberedFlag('booth.showPronunciations', true)
  // Booth's read-back marked on the words (on by default), remembered per computer.
  const [marksOn, setMarksOn] = useRememberedFlag('booth.readbackOnScript', true)
  const checks = useScriptChecks(job)
  const takes = useJobTakes(job.job_id)
  const readbackStore = useReadbackStore()
  const player = useTakePlayback()
  // The platform's check shows by itself when it judged the take on the script; else on request.
  const [pfChoice, setPfChoice] = useState<{ id: string; on: boolean } | null>(null)
  const delivery = typed ? checks.delivery : null
  const platformShown = delivery !== null && (pfChoice?.id === delivery.delivery_id ? pfChoice.on : checks.sameTake)
  const result = typed ? checks.result : null
  const readback = useMemo(
    () => (marksOn && result ? { issues: result.check.issues, readText: result.script_read.text } : null),
    [marksOn, result],
  )
  const platform = useMemo(
    () => (platformShown && delivery ? { issues: delivery.check.issues, sameTake: checks.sameTake } : null),
    [platformShown, delivery, checks.sameTake],
  )
  const marks = useScriptMarks({
    html: script.html,
    text: script.text,
    pronunciations: job.pronunciations,
    readback,
    platform,
  })

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

  const playIssue = (n: number) => {
    const issue = result?.check.issues[n]
    if (issue && checks.take) void player.play(checks.take.id, issue.at_s)
  }
  const markOf = (target: EventTarget) => {
    const el = target instanceof Element ? target.closest('[data-rb]') : null
    return el && readRef.current?.contains(el) ? Number(el.getAttribute('data-rb')) : null
  }
  const onClick = (e: MouseEvent) => {
    const n = markOf(e.target)
    if (n !== null) playIssue(n)
  }
  const onKeyDown = (e: KeyboardEvent) => {
    const n = e.key === 'Enter' ? markOf(e.target) : null
    if (n === null) return
    e.preventDefault()
    playIssue(n)
  }
  const placeTip = (e: { target: EventTarget }) => {
    const mark = tipMarkOf(e.target, readRef.current)
    if (mark && readRef.current) fitTip(mark, readRef.current)
  }
  const go = (d: Disagreement) => {
    const selector = d.readback !== null ? `[data-rb="${d.readback}"]` : `[data-pf="${d.platform ?? -1}"]`
    const el = readRef.current?.querySelector<HTMLElement>(selector)
    el?.scrollIntoView({ block: 'center' })
    el?.focus({ preventScroll: true })
    if (d.readback !== null) playIssue(d.readback)
  }
  const hasText = script.kind !== 'none' && (script.html !== null || script.text.trim() !== '')
  // The marks' line height holds while a read-back exists, shown or not: turning the marks off or on moves no word.
  const marked = result !== null || platform !== null

  return (
    <section className="script-panel" aria-labelledby="script-title">
      <header className="section-head">
        <h3 id="script-title" className="section-title">
          Script
          {script.revised_at !== null && (
            <span className="muted small"> · revised {formatTimestamp(script.revised_at)}</span>
          )}
        </h3>
        <div className="script-tools">
          {job.pronunciations.length > 0 && typed && (
            <button
              type="button"
              className="btn btn-quiet btn-small"
              aria-pressed={says}
              onClick={() => setSays(!says)}
            >
              Pronunciations on the words
            </button>
          )}
          {typed && <PrompterControl pace={prompter} />}
          {delivery && (
            <button
              type="button"
              className="btn btn-quiet btn-small"
              aria-pressed={platformShown}
              onClick={() => setPfChoice({ id: delivery.delivery_id, on: !platformShown })}
            >
              Audio check on the script
            </button>
          )}
          {script.kind !== 'none' && <ScriptFontControl {...font} />}
        </div>
      </header>
      {typed && (
        <ScriptChecksBar
          checks={checks}
          marksOn={marksOn}
          onMarks={setMarksOn}
          platformShown={platformShown}
          placing={marks.placing}
          disagreements={marks.disagreements}
          player={player}
          onGo={go}
          onCompare={() =>
            checks.deliveredTake &&
            readbackStore
              .getState()
              .showOnScript(job.job_id, { takeId: checks.deliveredTake.id, newest: newestTakeNumber(takes) })
          }
        />
      )}
      {script.kind === 'typed' && mode === 'voice' && <PrompterStatus follow={follow.active} fallback={fallback} />}
      {script.kind === 'none' && <p className="empty-state">This job has no script yet.</p>}
      {script.kind === 'document' && script.document && (
        <ScriptDocumentView
          jobId={job.job_id}
          document={script.document}
          localPath={documentPath}
          fontSize={font.size}
        />
      )}
      {hasText && (
        // Clicks and Enter on a read-back mark (a role="button" inside the text) play the take.
        <div
          ref={readRef}
          className={`script-read${says ? ' says-on' : ''}${marked ? ' marks-on' : ''}`}
          style={{ fontSize: `${font.size}px` }}
          onClick={onClick}
          onKeyDown={onKeyDown}
          onMouseOver={placeTip}
          onFocus={placeTip}
        >
          {marks.mode === 'html' && script.html !== null ? (
            <MarkedHtml html={script.html} merged={marks.merged} view={marks.view} className="script-text" />
          ) : (
            <MarkedText merged={marks.merged} view={marks.view} className="script-text pre-wrap" />
          )}
        </div>
      )}
      {hasText && (
        <ScriptUnplaced
          readback={readback?.issues ?? []}
          platform={platform?.issues ?? []}
          unplacedReadback={marks.unplacedReadback}
          unplacedPlatform={marks.unplacedPlatform}
          onPlay={playIssue}
        />
      )}
    </section>
  )
}
