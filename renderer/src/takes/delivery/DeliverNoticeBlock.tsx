/**
 * A clear warning when delivering needs thought: a live read, a cancelled spot, a declined job. Over the
 * script it is one line until opened (`folded`); in the Deliver dialog it is said in full.
 */
import type { JobDetail } from '../../../../shared/bridge'
import { FoldedNote } from '../../ui/FoldedNote'

const NOTICES: Record<
  Exclude<JobDetail['deliver_notice'], 'none'>,
  { title: string; text: string; tone: 'warning' | 'danger' }
> = {
  live_read: {
    title: 'Live read',
    text: 'This script is read live on air by the station. There is usually nothing to record or deliver; check with the producer before sending audio.',
    tone: 'warning',
  },
  spot_cancelled: {
    title: 'Spot cancelled',
    text: 'The producer cancelled this spot. Do not record or deliver unless they ask again.',
    tone: 'danger',
  },
  unknown: {
    title: 'Delivery notice unknown',
    text: 'The service sent a delivery notice Booth does not know. Check with the producer before sending audio.',
    tone: 'warning',
  },
  declined: {
    title: 'Job declined',
    text: 'This job was declined, so takes can no longer be delivered for it.',
    tone: 'danger',
  },
}

export function DeliverNoticeBlock({
  notice,
  folded = false,
}: {
  notice: JobDetail['deliver_notice']
  folded?: boolean
}) {
  if (notice === 'none') return null
  const n = NOTICES[notice]
  if (folded) {
    return (
      <FoldedNote
        label={n.title}
        tone={n.tone}
        title={
          <>
            <span aria-hidden="true">⚠ </span>
            {n.title}
          </>
        }
        gist={n.text}
      >
        <p>{n.text}</p>
      </FoldedNote>
    )
  }
  return (
    <div className={`notice notice-${n.tone}`} role="note" aria-label={n.title}>
      <strong className="notice-title">
        <span aria-hidden="true">⚠ </span>
        {n.title}
      </strong>
      <p>{n.text}</p>
    </div>
  )
}
