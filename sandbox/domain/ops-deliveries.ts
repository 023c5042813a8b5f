/**
 * Takes and attachments: listDeliveries, createDelivery, getAttachmentDownload.
 *
 * createDelivery commits a finished tus upload (its handle) as a take of the job:
 * unknown handle → 404 not_found; upload still incomplete → 409 not_ready (retryable); a handle already
 * delivered → 400 bad_request; a job that cannot take deliveries (can.deliver false) → 400 bad_request
 * saying why. take_number counts per label; earlier takes of the same label still in play become
 * superseded; the job moves to stage delivered; the new take starts `storing` (see delivery-progress.ts).
 */
import { SandboxError, type OperationContext, type OperationInput } from '../seam'
import { planCheck } from './audio-check'
import { linkedBlob } from './blobs'
import type { WorldCore } from './core'
import { attachmentView, deliveryView } from './delivery-view'
import { canFlags, deliverNotice, suggestedStem } from './job-rules'
import { jobSummary } from './job-view'
import { nextId, type DeliveryRecord, type JobRecord, type Preflight, type TakeLabel } from './state'
import { takeFacts } from './take-facts'
import { audioContentType, extensionOf, sha256File, sniffExtension } from './take-file'
import { addTimeline } from './timeline'
import { readWavFile } from './wav'

interface DeliverBody {
  handle: string
  take_label: TakeLabel
  note: string | null
  preflight: Preflight | null
}

const SUPERSEDABLE = new Set(['storing', 'stalled', 'processing', 'delivered', 'changes_requested'])

function whyNoDelivery(job: JobRecord): string {
  const notice = deliverNotice(job)
  if (notice === 'declined') return 'the job was declined'
  if (notice === 'spot_cancelled') return 'the client cancelled the spot'
  if (job.status === 'completed') return 'the job is already complete'
  if (job.stage === 'sent' || job.stage === 'viewed') return 'the job has not been accepted yet; accept it first'
  return `the job is at stage ${job.stage}`
}

function assertDeliverable(core: WorldCore, job: JobRecord, handle: string): void {
  if (core.state.jobs.some((j) => j.deliveries.some((d) => d.handle === handle))) {
    throw new SandboxError(
      400,
      'bad_request',
      `Upload ${handle} was already delivered; upload the file again to deliver it as another take.`,
    )
  }
  if (!canFlags(job).deliver) {
    throw new SandboxError(400, 'bad_request', `Job ${job.job_id} cannot take a delivery: ${whyNoDelivery(job)}.`)
  }
}

export function deliveryOperations(core: WorldCore) {
  const listenLink = (d: DeliveryRecord, ctx: OperationContext) => {
    const name = d.file_name
    const link = core.links.issue(() => linkedBlob(d.audio, name), ctx.baseUrl(), ctx.now())
    return { listen_url: link.url, listen_url_expires_at: link.expires_at }
  }

  return {
    listDeliveries: (input: OperationInput, ctx: OperationContext) => {
      const now = ctx.now()
      core.advance(now)
      const job = core.job(input.params.job_id ?? '')
      const withUrls = input.query.with_urls === true
      const pending = job.status === 'pending'
      return {
        job_id: job.job_id,
        status: job.status,
        stage: job.stage,
        deliveries: job.deliveries.map((d) =>
          deliveryView(d, pending, withUrls && d.status !== 'withdrawn' ? listenLink(d, ctx) : null),
        ),
        attachments: job.attachments.map((a) => attachmentView(a, pending)),
        server_time: now,
      }
    },

    createDelivery: async (input: OperationInput, ctx: OperationContext) => {
      const b = input.body as DeliverBody
      const jobId = input.params.job_id ?? ''
      core.advance(ctx.now())
      assertDeliverable(core, core.job(jobId), b.handle)
      const upload = await ctx.uploads.get(b.handle)
      if (!upload)
        throw new SandboxError(404, 'not_found', `There is no upload with handle ${b.handle}; upload the take first.`)
      if (upload.size === null || upload.offset < upload.size) {
        const of = upload.size === null ? 'an undeclared length' : `${upload.size} bytes`
        throw new SandboxError(
          409,
          'not_ready',
          `Upload ${b.handle} is not finished (${upload.offset} of ${of} received); finish the upload, then deliver.`,
        )
      }
      const [wav, digest, sniffed] = await Promise.all([
        readWavFile(upload.path).catch(() => null),
        sha256File(upload.path),
        sniffExtension(upload.path),
      ])
      const now = ctx.now()
      const delivery = await core.mutate((state) => {
        const job = core.job(jobId)
        assertDeliverable(core, job, b.handle) // again: the world may have moved while we read the file
        const takeNumber = job.deliveries.filter((d) => d.take_label === b.take_label).length + 1
        const ext = extensionOf(upload.fileName ?? '') || sniffed
        const facts = takeFacts(wav, b.preflight, job.length_s)
        const d: DeliveryRecord = {
          delivery_id: nextId(state),
          handle: b.handle,
          audio: { kind: 'path', path: upload.path, contentType: audioContentType(`x.${ext}`) },
          take_label: b.take_label,
          take_number: takeNumber,
          file_name:
            keptTakeName(upload.fileName, suggestedStem(job), b.take_label, ext) ??
            `${suggestedStem(job)}_${b.take_label}${takeNumber}.${ext}`,
          original_name: upload.fileName ?? `${b.take_label} take ${takeNumber}.${ext}`,
          size_bytes: upload.offset,
          status: 'storing',
          created_at: now,
          updated_at: now,
          note: b.note,
          preflight: b.preflight,
          facts: null,
          planned_facts: facts,
          check: {
            state: 'pending',
            verdict: null,
            coverage: null,
            summary: 'Waiting for the take to be stored.',
            issues: [],
            checked_at: null,
            can_retry: false,
          },
          planned_check: planCheck(job.script.text, digest, [job.advertiser, ...job.pronunciations.map((p) => p.word)]),
        }
        for (const earlier of job.deliveries) {
          if (earlier.take_label === b.take_label && SUPERSEDABLE.has(earlier.status)) {
            earlier.status = 'superseded'
            earlier.updated_at = now
          }
        }
        job.deliveries.push(d)
        job.stage = 'delivered'
        addTimeline(
          job,
          now,
          'talent',
          'delivered',
          `Delivered ${b.take_label} take ${takeNumber}${b.note ? `: ${b.note.slice(0, 200)}` : ''}`,
        )
        return d
      })
      return { delivery: deliveryView(delivery, true, null), job: jobSummary(core.job(jobId), core.view(now)) }
    },

    getAttachmentDownload: (input: OperationInput, ctx: OperationContext) => {
      const id = input.params.attachment_id ?? ''
      for (const job of core.state.jobs) {
        const a = job.attachments.find((x) => x.attachment_id === id)
        if (a) return core.links.issue(() => linkedBlob(a.blob, a.original_name), ctx.baseUrl(), ctx.now())
      }
      throw new SandboxError(404, 'not_found', `There is no attachment ${id} on this talent's jobs.`)
    },
  }
}

/**
 * The producer sees the take under the name the talent's app gave it when that name is already a take
 * name of this job and label (`<stem>_<label>_<NN>.<ext>`, as Booth names takes, or a version of one,
 * `<stem>_<label>_<NN>_v<n>.<ext>`), so one take has one name from recording to delivery; any other
 * upload name gets the service's own `<stem>_<label><n>`. The stem may write the key number with its own
 * hyphens (HOLF-9196-20 where the service's stem runs it together as HOLF919620).
 */
export function keptTakeName(
  uploadName: string | null | undefined,
  stem: string,
  label: string,
  ext: string,
): string | null {
  if (!uploadName || uploadName.length > 200) return null
  const tail = `.${ext}`
  if (!uploadName.endsWith(tail)) return null
  const body = uploadName.slice(0, uploadName.length - tail.length)
  const number = /_(\d{2,6})(?:_v\d{1,4})?$/.exec(body)
  if (!number) return null
  const before = body.slice(0, number.index)
  const labelPart = `_${label}`
  if (!before.endsWith(labelPart)) return null
  const givenStem = before.slice(0, before.length - labelPart.length)
  return givenStem.replace(/-/g, '') === stem ? uploadName : null
}
