/**
 * The script the take was checked against, with Booth's read-back marked on it: a skipped passage is
 * struck through, a changed word shows what was heard, an added passage shows where it came in. Each
 * mark is a button that plays the take from just before it. Text only (never HTML).
 */
import type { ReadbackIssue } from '../../../../shared/readback/types'
import { describeReadbackIssue, KIND_WORDS } from './readback-words'

interface Piece { text: string; issue: number | null; to: number }

/**
 * Cuts the text at the issues' script ranges and insertion points. A range overlapping an earlier one
 * keeps the earlier mark; an insertion (empty range) is listed at its position. Pure.
 */
export function cutScript(text: string, issues: readonly ReadbackIssue[]): { pieces: Piece[]; inserts: Map<number, number[]> } {
  const ranges = issues
    .map((i, n) => ({ n, from: i.script_from ?? -1, to: i.script_to ?? -1 }))
    .filter((r) => r.from >= 0 && r.to >= r.from && r.to <= text.length)
  const inserts = new Map<number, number[]>()
  const cuts = new Set([0, text.length])
  for (const r of ranges) {
    cuts.add(r.from)
    cuts.add(r.to)
    if (r.from === r.to) inserts.set(r.from, [...(inserts.get(r.from) ?? []), r.n])
  }
  const sorted = [...cuts].sort((a, b) => a - b)
  const pieces: Piece[] = []
  for (let k = 0; k + 1 < sorted.length; k++) {
    const from = sorted[k] as number
    const to = sorted[k + 1] as number
    const cover = ranges.find((r) => r.from < r.to && r.from <= from && to <= r.to)
    const last = pieces[pieces.length - 1]
    const issue = cover ? cover.n : null
    if (last && last.issue === issue && issue !== null) {
      last.text += text.slice(from, to)
      last.to = to
    } else pieces.push({ text: text.slice(from, to), issue, to })
  }
  return { pieces, inserts }
}

export function ReadbackScript({ text, issues, onPlay }: { text: string; issues: readonly ReadbackIssue[]; onPlay(issue: ReadbackIssue): void }) {
  const { pieces, inserts } = cutScript(text, issues)
  const insertAt = (pos: number) => (inserts.get(pos) ?? []).map((n) => {
    const issue = issues[n] as ReadbackIssue
    return (
      <button key={`ins-${n}`} type="button" className={`rb-insert sev-${issue.severity}`} title={describeReadbackIssue(issue)} onClick={() => onPlay(issue)}>
        <span aria-hidden="true">‸</span><span className="rb-heard">{issue.heard}</span>
        <span className="sr-only">{KIND_WORDS[issue.kind]}: {describeReadbackIssue(issue)}. Play from just before it.</span>
      </button>
    )
  })
  return (
    <p className="rb-script pre-wrap" aria-label="The script with Booth’s read-back marked on it">
      {insertAt(0)}
      {pieces.map((p, k) => {
        const after = insertAt(p.to)
        if (p.issue === null) return <span key={k}>{p.text}{after}</span>
        const issue = issues[p.issue] as ReadbackIssue
        const Tag = issue.kind === 'missing' ? 'del' : 'mark'
        return (
          <span key={k}>
            <button type="button" className={`rb-mark kind-${issue.kind} sev-${issue.severity}`} title={`${describeReadbackIssue(issue)} — play from just before`} onClick={() => onPlay(issue)}>
              <Tag>{p.text}</Tag>
              {issue.kind === 'changed' && <span className="rb-heard"> heard “{issue.heard}”</span>}
              <span className="sr-only"> ({KIND_WORDS[issue.kind]}: {describeReadbackIssue(issue)}. Play from just before it.)</span>
            </button>
            {after}
          </span>
        )
      })}
    </p>
  )
}
