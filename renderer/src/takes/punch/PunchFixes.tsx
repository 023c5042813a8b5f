/**
 * On a take whose read-back found differences: "Fix this" for each sentence with findings (what was heard,
 * then a punch-and-roll into that sentence), any other sentence of the script to punch into, and `i` (with
 * focus in the take) to punch into its first flagged sentence. After a producer's revision, "Punch in at"
 * also offers the lines changed or added since the take, marked so (punch-choices.ts); an added line is
 * punched in where the new script puts it. Each asks the recorder through
 * versions/punch-request.ts.
 */
import { useEffect, useId, useState } from 'react'
import type { TakeView } from '../../../../shared/bridge-takes'
import type { TakeSentencesView } from '../../../../shared/versions/types'
import { useBridge } from '../../bridge/BridgeProvider'
import { errorText } from '../../store/error-text'
import { isTypingTarget } from '../../ui/keyboard/is-typing-target'
import { useReadback } from '../readback/readback-store'
import { describeReadbackIssue, KIND_WORDS } from '../readback/readback-words'
import { requestPunch } from '../versions/punch-request'
import { takeName } from '../take-numbers'
import { punchChoices, SINCE_WORDS } from './punch-choices'
import { flaggedSentences } from './punch-targets'
import './punch.css'

export function PunchFixes({ take }: { take: TakeView }) {
  const api = useBridge()
  const rb = useReadback((s) => s.byTake[take.id])
  const result = rb?.status === 'done' ? rb.result : null
  const [sentences, setSentences] = useState<TakeSentencesView | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [chosen, setChosen] = useState<number | null>(null)
  const pickId = useId()
  const name = takeName(take)
  const version = take.current_version ?? 1
  const readable = result !== null && take.state !== 'recording'

  useEffect(() => {
    if (!readable) return
    let live = true
    api.listTakeSentences({ takeId: take.id }).then(
      (v) => live && setSentences(v),
      (err: unknown) => live && setError(errorText(err)),
    )
    return () => {
      live = false
    }
  }, [api, take.id, readable, version, result])

  const flagged = result && sentences ? flaggedSentences(result.check.issues, sentences.sentences) : []
  const first = flagged.find((f) => f.punchable)
  useEffect(() => {
    if (!first) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'i' || e.ctrlKey || e.metaKey || e.altKey || e.repeat || isTypingTarget(e.target)) return
      const row = (e.target as HTMLElement | null)?.closest?.('.take-row')
      if (!(row instanceof HTMLElement) || row.dataset['takeId'] !== take.id) return
      e.preventDefault()
      requestPunch(take.id, first.sentence.number)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [first, take.id])

  if (!readable || !sentences)
    return error ? (
      <p className="form-error small" role="alert">
        {error}
      </p>
    ) : null
  const choices = punchChoices(sentences.sentences)
  const pick =
    choices.find((s) => s.number === chosen) ?? choices.find((s) => s.number === first?.sentence.number) ?? choices[0]
  return (
    <div className="punch-fixes" role="group" aria-label={`Fix ${name}`}>
      {flagged.length > 0 && (
        <ul className="plain-list punch-flagged">
          {flagged.map((f) => (
            <li key={f.sentence.number}>
              <span className="small">
                Sentence {f.sentence.number}: {KIND_WORDS[f.issues[0]!.kind]} — {describeReadbackIssue(f.issues[0]!)}
              </span>
              {f.punchable ? (
                <button
                  type="button"
                  className="btn btn-small"
                  aria-label={`Fix this: punch in before sentence ${f.sentence.number} of ${name}`}
                  onClick={() => requestPunch(take.id, f.sentence.number)}
                >
                  Fix this
                </button>
              ) : (
                <span className="muted small">Not read in this take: record it as a pickup.</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {pick && (
        <div className="punch-pick">
          <label className="small" htmlFor={pickId}>
            Punch in at
          </label>
          <select id={pickId} value={pick.number} onChange={(e) => setChosen(Number(e.target.value))}>
            {choices.map((s) => (
              <option key={s.number} value={s.number}>
                {s.label}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn-small"
            aria-label={`Punch in before sentence ${pick.number} of ${name}${pick.since ? ` (${SINCE_WORDS[pick.since]})` : ''}`}
            onClick={() => requestPunch(take.id, pick.number)}
          >
            Punch in
          </button>
        </div>
      )}
    </div>
  )
}
