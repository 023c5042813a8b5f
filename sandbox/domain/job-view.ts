/** Job summary and job detail answers, every derived field computed here from the stored record. */
import { deliveryView, attachmentView } from './delivery-view'
import { dueState } from './due-state'
import { canFlags, deliverNotice, scriptChanged, suggestedStem } from './job-rules'
import { toMoney } from './money'
import type { JobRecord } from './state'
import { customerOf, voiceOf, type ViewContext } from './view-context'

export type JobSummary = ReturnType<typeof jobSummary>

export function jobSummary(job: JobRecord, vc: ViewContext) {
  const customer = customerOf(vc, job.customer_id)
  const voice = voiceOf(vc, job.voice_id)
  return {
    job_id: job.job_id,
    customer: { id: customer.id, name: customer.name },
    voice: { id: voice.id, name: voice.name },
    key_number: job.key_number,
    advertiser: job.advertiser,
    length_s: job.length_s,
    kind: job.kind,
    live_read: job.live_read,
    reference: job.reference,
    requested_at: job.requested_at,
    due_date: job.due_date,
    changes_due: job.changes_due,
    due_state: dueState(job, vc.today, vc.now),
    status: job.status,
    stage: job.stage,
    spot_cancelled: job.spot_cancelled,
    has_script: job.script.kind !== 'none',
    script_changed: scriptChanged(job),
    unopened: job.unopened,
    deliveries: job.deliveries.length,
    attachments: job.attachments.length,
    rate: job.rate && !customer.rates_hidden ? toMoney(job.rate) : null,
    producer_name: job.producer?.name ?? null,
  }
}

export interface DocumentLinks {
  download_url: string | null
  pdf_url: string | null
  preview_url: string | null
  expires_at: number | null
}

export function jobDetail(job: JobRecord, vc: ViewContext, documentLinks: DocumentLinks | null) {
  const pending = job.status === 'pending'
  const doc = job.script.document
  return {
    ...jobSummary(job, vc),
    producer: job.producer,
    flight_start: job.flight_start,
    traffic: job.traffic,
    other_talent: job.other_talent,
    agency: job.agency,
    script: {
      kind: job.script.kind,
      revision_id: job.script.revision_id,
      revised_at: job.script.revised_at,
      html: job.script.html,
      text: job.script.text,
      document: doc
        ? {
            file_name: doc.file_name,
            download_url: documentLinks?.download_url ?? null,
            pdf_url: documentLinks?.pdf_url ?? null,
            preview_url: documentLinks?.preview_url ?? null,
            expires_at: documentLinks?.expires_at ?? null,
          }
        : null,
    },
    directions: job.directions,
    pronunciations: job.pronunciations.slice(0, 100),
    script_change: job.script_change,
    changes_request: job.changes_request,
    decline: job.decline,
    completion: job.completion,
    timeline: job.timeline.slice(-100),
    deliveries_detail: job.deliveries.map((d) => deliveryView(d, pending, null)),
    attachments_detail: job.attachments.map((a) => attachmentView(a, pending)),
    can: canFlags(job),
    deliver_notice: deliverNotice(job),
    suggested_stem: suggestedStem(job),
  }
}
