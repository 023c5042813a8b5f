/**
 * Above the script: which checks are marked on it and of which take ("Booth’s read-back of take
 * MILL-0042_main_03", "The platform’s audio check of take …"), each with its own key, where the two
 * disagree (in sentences, each a button to the place), and what is playing. Text only.
 *
 * Its first line, once the job has a take, is always one line high (what does not fit ends in an
 * ellipsis, the whole of it in its title and to screen readers): while a take records it says so and
 * names no other take (nothing is marked then); after, the read-back of the take on the script. So a
 * read-back answering or a recording starting never moves the script under the talent's eyes.
 */
import { useState } from 'react'
import { takeName } from '../../takes/take-numbers'
import { clock, READBACK_LABEL, statusWords, VERDICT_WORDS } from '../../takes/readback/readback-words'
import type { TakePlayback } from '../../takes/readback/use-take-playback'
import type { Disagreement } from './disagreements'
import { PLATFORM_LABEL } from './mark-look'
import type { ScriptChecks } from './use-script-checks'

const SHOWN_DISAGREEMENTS = 2

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}

/**
 * "Booth’s read-back of take MILL-0042_main_03" on one line: when the window is narrow the start of the
 * name gives way (an ellipsis), never its label and number at the end. The whole name stays in the text.
 */
function OfTake({ what, name }: { what: string; name: string }) {
  const tail = /_[A-Za-z]+_?\d+$/.exec(name)?.[0] ?? ''
  return (
    <strong className="sm-of" title={`${what} of take ${name}`}>
      <span className="sm-of-what">{what} of take&nbsp;</span>
      <span className="sm-of-head">{name.slice(0, name.length - tail.length)}</span>
      <span className="sm-of-tail">{tail}</span>
    </strong>
  )
}

function readbackLine(checks: ScriptChecks, marksOn: boolean, placing: boolean): string {
  const { state } = checks
  if (state?.status === 'done' && state.result) {
    if (!checks.result) return 'heard no speech in this take.'
    const n = checks.result.check.issues.length
    if (n === 0) return 'nothing to mark.'
    const note = checks.result.note ? ` ${checks.result.note}` : ''
    if (!marksOn) return `${count(n, 'place', 'places')}, not marked.${note}`
    return placing
      ? `${count(n, 'place', 'places')}: placing them on the revised script…${note}`
      : `${count(n, 'place', 'places')}${note}`
  }
  return statusWords(state) ?? ''
}

function DisagreementList({ list, onGo }: { list: readonly Disagreement[]; onGo(d: Disagreement): void }) {
  const [all, setAll] = useState(false)
  const shown = all ? list : list.slice(0, SHOWN_DISAGREEMENTS)
  return (
    <div className="sm-disagree" role="note" aria-label="Where the two checks disagree">
      <strong>The two checks disagree at {count(list.length, 'place', 'places')}:</strong>
      <ul className="plain-list">
        {shown.map((d, i) => (
          <li key={i}>
            <button type="button" className="sm-disagree-item" onClick={() => onGo(d)}>
              {d.sentence}
            </button>
          </li>
        ))}
      </ul>
      {list.length > SHOWN_DISAGREEMENTS && (
        <button type="button" className="btn btn-quiet btn-small" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? 'Show fewer' : `Show ${list.length - SHOWN_DISAGREEMENTS} more`}
        </button>
      )}
    </div>
  )
}

/** The first line while a take records: no read-back is marked until it stops. */
export const RECORDING_LINE = 'Recording: the read-back’s marks come back when you stop.'

interface Props {
  checks: ScriptChecks
  marksOn: boolean
  onMarks(on: boolean): void
  platformShown: boolean
  placing: boolean
  disagreements: readonly Disagreement[]
  player: TakePlayback
  onGo(d: Disagreement): void
  onCompare(): void
}

export function ScriptChecksBar({
  checks,
  marksOn,
  onMarks,
  platformShown,
  placing,
  disagreements,
  player,
  onGo,
  onCompare,
}: Props) {
  const { take, delivery, result, recording } = checks
  const verdict = result?.check.verdict ?? null
  const playing = player.playing && take && player.playing.takeId === take.id ? player.playing : null
  if (!take && !(delivery && platformShown)) return player.element
  const line = take ? readbackLine(checks, marksOn, placing) : ''
  return (
    <div className="sm-bar" data-readback-take={take?.id}>
      {take && recording && (
        <p className="sm-bar-line sm-bar-rb sm-bar-one" data-recording="">
          <span className="sm-bar-text" title={RECORDING_LINE}>
            {RECORDING_LINE}
          </span>
        </p>
      )}
      {take && !recording && (
        <p className="sm-bar-line sm-bar-rb sm-bar-one" data-readback-status={checks.state?.status ?? 'unknown'}>
          <span className="sm-key sm-key-rb" aria-hidden="true" />
          <OfTake what={READBACK_LABEL} name={takeName(take)} />
          {verdict && <span className={`rb-verdict verdict-${verdict}`}>{VERDICT_WORDS[verdict]}</span>}{' '}
          <span className="sm-bar-text" title={line}>
            {line}
          </span>
          {result && result.check.issues.length > 0 && (
            <button
              type="button"
              className="btn btn-quiet btn-small sm-bar-toggle"
              aria-pressed={marksOn}
              onClick={() => onMarks(!marksOn)}
            >
              Read-back marks
            </button>
          )}
          {playing && (
            <span className="sm-playing" role="status">
              {' '}
              · Playing from {clock(playing.fromS)}{' '}
              <button type="button" className="btn btn-quiet btn-small" onClick={player.stop}>
                Stop
              </button>
            </span>
          )}
        </p>
      )}
      {delivery && platformShown && (
        <p className="sm-bar-line sm-bar-pf">
          <span className="sm-key sm-key-pf" aria-hidden="true" />
          <OfTake what={PLATFORM_LABEL} name={takeName(delivery)} />
          <span className="sm-bar-text">
            {delivery.check.issues.length === 0
              ? 'found nothing to mark.'
              : count(delivery.check.issues.length, 'issue', 'issues')}
          </span>
        </p>
      )}
      {delivery && platformShown && !checks.sameTake && take && (
        <p className="sm-bar-note muted">
          It checked another take than Booth’s read-back above, so their differences are not compared.
          {checks.deliveredTake && (
            <button type="button" className="btn btn-quiet btn-small" onClick={onCompare}>
              Show Booth’s read-back of that take
            </button>
          )}
        </p>
      )}
      {disagreements.length > 0 && <DisagreementList list={disagreements} onGo={onGo} />}
      {player.error && (
        <p className="form-error small" role="alert">
          {player.error}
        </p>
      )}
      {player.element}
    </div>
  )
}
