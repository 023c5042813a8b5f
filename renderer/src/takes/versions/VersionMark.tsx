/** The version mark beside a take's one name ("· v3") once the take has been fixed; nothing before. */
import type { TakeView } from '../../../../shared/bridge-takes'
import { versionMark } from './version-words'

export function VersionMark({ take }: { take: TakeView }) {
  const mark = versionMark(take)
  if (!mark) return null
  return (
    <span
      className="ver-mark"
      title={`Version ${mark.slice(1)} of ${take.versions?.length ?? 1}`}
      data-version={mark.slice(1)}
    >
      <span aria-hidden="true">· </span>
      {mark}
    </span>
  )
}
