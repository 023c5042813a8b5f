/**
 * Finding out whether a delivery whose answer was lost exists on the service: the job's deliveries
 * (GET /jobs/{job_id}/deliveries) hold it when the POST was recorded. The service keeps the uploaded
 * file's name (`original_name`, from the tus `filename` metadata Booth sent) and size, so the match is
 * on both, among deliveries made since the take was queued (a minute's slack for clocks).
 */
import type { TalentClient } from '../api/client'
import type { PreparedFile } from './delivery-queue-file'

export interface FoundDelivery {
  delivery_id: string
  created_at: number
}

const CLOCK_SLACK_MS = 60_000

export async function findDeliveryOnService(client: TalentClient, jobId: string, file: PreparedFile, queuedAt: number): Promise<FoundDelivery | null> {
  const { deliveries } = await client.listDeliveries(jobId)
  const matches = deliveries
    .filter((d) => d.original_name === file.file_name && d.size_bytes === file.size && d.created_at >= queuedAt - CLOCK_SLACK_MS)
    .sort((a, b) => a.created_at - b.created_at)
  const first = matches[0]
  return first ? { delivery_id: first.delivery_id, created_at: first.created_at } : null
}
