/**
 * A finished version's figures before and after, side by side (finish-words.ts): each row its label, the
 * figure before, the figure after and what it is held to, a figure that misses its target marked; under it
 * what the finish did to the read's own level (its dynamics, its room tone: finish-notes.ts), when recorded.
 */
import type { VersionFinish } from '../../../../shared/versions/finish'
import { compareRows } from './finish-words'
import { finishNotes } from './finish-notes'

export function FinishCompare({ finish, before, after }: { finish: VersionFinish; before: number; after: number }) {
  const rows = compareRows(finish)
  const notes = finishNotes(finish)
  return (
    <div className="fin-figures">
      <table className="fin-table small" aria-label={`Before and after the finish, for ${finish.profile.label}`}>
        <thead>
          <tr>
            <th scope="col">Figure</th>
            <th scope="col">Before (v{before})</th>
            <th scope="col">After (v{after})</th>
            <th scope="col">Target</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-row={r.key}>
              <th scope="row">{r.label}</th>
              <td className={`tone-${r.beforeTone}`}>{r.before}</td>
              <td className={`tone-${r.afterTone}`}>{r.after}</td>
              <td className="muted">{r.target}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {notes.length > 0 && (
        <ul className="plain-list fin-notes small" aria-label="What the finish did to your read’s level">
          {notes.map((n) => (
            <li key={n.key} data-note={n.key} className={`tone-${n.tone}`}>
              {n.text}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
