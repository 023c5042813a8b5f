/** Delivery (take) and attachment answers, built from stored records. */
import type { AttachmentRecord, DeliveryRecord } from './state'

export interface DeliveryLinks {
  listen_url: string | null
  listen_url_expires_at: number | null
}

/** can_withdraw: the take is still with the service, not chosen or superseded; can_resume: it stalled. */
export function deliveryView(d: DeliveryRecord, jobPending: boolean, links: DeliveryLinks | null) {
  return {
    delivery_id: d.delivery_id,
    take_label: d.take_label,
    take_number: d.take_number,
    file_name: d.file_name,
    original_name: d.original_name,
    size_bytes: d.size_bytes,
    status: d.status,
    created_at: d.created_at,
    updated_at: d.updated_at,
    note: d.note,
    facts: d.facts,
    preflight: d.preflight,
    check: d.check,
    listen_url: links?.listen_url ?? null,
    listen_url_expires_at: links?.listen_url_expires_at ?? null,
    can_withdraw:
      jobPending &&
      (d.status === 'storing' || d.status === 'processing' || d.status === 'delivered' || d.status === 'stalled'),
    can_resume: d.status === 'stalled',
  }
}

export function attachmentView(a: AttachmentRecord, jobPending: boolean) {
  return {
    attachment_id: a.attachment_id,
    original_name: a.original_name,
    ext: a.ext,
    size_bytes: a.size_bytes,
    status: a.status,
    note: a.note,
    created_at: a.created_at,
    can_remove: jobPending && a.status === 'attached',
  }
}
