/**
 * A finished version's figures before and after, side by side (finish-words.ts): each row its label, the
 * figure before, the figure after and what it is held to, a figure that misses its target marked.
 */
import type { VersionFinish } from '../../../../shared/versions/finish'
import { compareRows } from './finish-words'

export function FinishCompare({ finish, before, after }: { finish: VersionFinish; before: number; after: number }) {
  const rows = compareRows(finish)
  return (
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
  )
}
