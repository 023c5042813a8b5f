/**
 * The rail the sidebar and jobs list fold into while a job is open (see list-fold.ts): the button that
 * lays the list over the job (or, from 1440 px, unfolds it), with the count of jobs overdue or due today,
 * and the notification bell.
 */
import { useBooth } from '../../store/use-booth'
import { NoticeCentre } from '../../notifications/NoticeCentre'
import { ListIcon } from '../../ui/icons/ListIcon'
import { listToggleLabel, toggleListFold, useListFold, type FoldState } from '../../reading/list-fold'

export function JobsRail({ fold }: { fold: FoldState }) {
  const badge = useBooth((s) => s.badgeCount)
  const narrow = useListFold((s) => s.narrow)
  const label = listToggleLabel(fold, narrow)
  const urgent = badge > 0 ? `; ${badge} overdue or due today` : ''
  return (
    <nav className="rail" aria-label="Jobs list and notifications">
      <button
        type="button"
        className="btn btn-quiet rail-jobs"
        data-list-toggle
        aria-expanded={fold.peeking}
        aria-label={`${label}${urgent}`}
        title={label}
        onClick={toggleListFold}
      >
        <ListIcon size={20} />
        <span className="rail-label" aria-hidden="true">
          Jobs
        </span>
        {badge > 0 && (
          <span className="rail-count" aria-hidden="true">
            {badge}
          </span>
        )}
      </button>
      <NoticeCentre />
    </nav>
  )
}
