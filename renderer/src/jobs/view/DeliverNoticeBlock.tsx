/** A clear warning when delivering needs thought: a live read, a cancelled spot, a declined job. */
import type { JobDetail } from '../../../../shared/bridge'

const NOTICES: Record<Exclude<JobDetail['deliver_notice'], 'none'>, { title: string; text: string; tone: string }> = {
  live_read: {
    title: 'Live read',
    text: 'This script is read live on air by the station. There is usually nothing to record or deliver; check with the producer before sending audio.',
    tone: 'notice-warning',
  },
  spot_cancelled: {
    title: 'Spot cancelled',
    text: 'The producer cancelled this spot. Do not record or deliver unless they ask again.',
    tone: 'notice-danger',
  },
  unknown: {
    title: 'Delivery notice unknown',
    text: 'The service sent a delivery notice Booth does not know. Check with the producer before sending audio.',
    tone: 'notice-warning',
  },
  declined: {
    title: 'Job declined',
    text: 'This job was declined, so takes can no longer be delivered for it.',
    tone: 'notice-danger',
  },
}

export function DeliverNoticeBlock({ notice }: { notice: JobDetail['deliver_notice'] }) {
  if (notice === 'none') return null
  const n = NOTICES[notice]
  return (
    <div className={`notice ${n.tone}`} role="note" aria-label={n.title}>
      <strong className="notice-title">
        <span aria-hidden="true">⚠ </span>
        {n.title}
      </strong>
      <p>{n.text}</p>
    </div>
  )
}
