/**
 * Finding out whether a delivery whose answer was lost exists on the service: the job's deliveries
 * (GET /jobs/{job_id}/deliveries) hold it when the POST was recorded. The service keeps the uploaded
 * file's name (`original_name`, from the tus `filename` metadata Booth sent) and size, so the match is
 * on both, among deliveries made since the take was queued.
 *
 * "Since" is read on the service's clock, never compared with this machine's: the list answer carries
 * `server_time`, so the queue time is moved by the difference between the two clocks (measured around
 * the request, with a minute's slack for the request's own time). A laptop whose clock is off by hours
 * still finds its delivery (and so never deletes the audio a delivery uses, nor delivers twice).
 */
import type { TalentClient } from '../api/client'
import type { PreparedFile } from './delivery-queue-file'
import { displayText } from '../../shared/display-text'

export interface FoundDelivery {
  delivery_id: string
  /** When the service recorded it, on this machine's clock (for "already delivered at 10:42"). */
  created_at: number
}

const SLACK_MS = 60_000

export async function findDeliveryOnService(
  client: TalentClient,
  jobId: string,
  file: Pick<PreparedFile, 'file_name' | 'size'>,
  queuedAt: number,
  now: () => number = Date.now,
): Promise<FoundDelivery | null> {
  const asked = now()
  const { deliveries, server_time: serverTime } = await client.listDeliveries(jobId)
  const answered = now()
  // The service's clock minus this machine's, at the middle of the request.
  const skew = Number.isFinite(serverTime) ? serverTime - (asked + answered) / 2 : 0
  const since = queuedAt + skew - SLACK_MS - (answered - asked)
  const matches = deliveries
    // Names arrive as Booth shows them (api/answer-names.ts): the file's own name is compared the same way.
    .filter(
      (d) => d.original_name === displayText(file.file_name) && d.size_bytes === file.size && d.created_at >= since,
    )
    .sort((a, b) => a.created_at - b.created_at)
  const first = matches[0]
  return first ? { delivery_id: first.delivery_id, created_at: first.created_at - skew } : null
}
