/**
 * A small World for testing the HTTP layer on its own (the real domain is tested in its own folder).
 * Its answers follow the API document so the tests can validate every response; it records every call so
 * tests can tell whether an operation ran (idempotency, faults).
 */
import { SandboxError, type LinkedFile, type Operation, type OperationId, type World } from '../../../sandbox/seam'

export interface FakeWorld extends World {
  calls: Array<{ op: OperationId; input: unknown }>
  ticks: number[]
  /** While set, putAvailability waits for it (to hold a request "in flight"). */
  hold: Promise<void> | null
  links: Map<string, { file: LinkedFile; expiresAt: number }>
  availability: { days: number[]; same_day: boolean }
  saved: number
  /** Where createDelivery found each handle's bytes (UploadInfo.path). */
  uploadPaths: Map<string, string>
}

export function jobSummary(
  jobId: string,
  stage: 'sent' | 'accepted' | 'declined' | 'completed' = 'sent',
): Record<string, unknown> {
  return {
    job_id: jobId,
    customer: { id: '7', name: 'Acme Radio' },
    voice: { id: '3', name: 'Warm read' },
    key_number: `KN-${jobId}`,
    advertiser: 'Bakery',
    length_s: 30,
    kind: 'dry_voice',
    live_read: false,
    reference: null,
    requested_at: 1_700_000_000_000,
    due_date: '2025-06-02',
    changes_due: null,
    due_state: 'soon',
    status: stage === 'declined' ? 'declined' : stage === 'completed' ? 'completed' : 'pending',
    stage,
    spot_cancelled: false,
    has_script: true,
    script_changed: false,
    unopened: false,
    deliveries: 0,
    attachments: 0,
    rate: { amount: '120.00', currency: 'EUR', symbol: '€' },
    producer_name: 'Pat',
  }
}

function delivery(id: string, label: string, name: string, size: number, now: number): Record<string, unknown> {
  return {
    delivery_id: id,
    take_label: label,
    take_number: 1,
    file_name: name,
    original_name: name,
    size_bytes: size,
    status: 'storing',
    created_at: now,
    updated_at: now,
    note: null,
    facts: null,
    preflight: null,
    check: {
      state: 'pending',
      verdict: null,
      coverage: null,
      summary: '',
      issues: [],
      checked_at: null,
      can_retry: false,
    },
    listen_url: null,
    listen_url_expires_at: null,
    can_withdraw: false,
    can_resume: false,
  }
}

export function createFakeWorld(): FakeWorld {
  const prefs = {
    due_soon: true,
    overdue: true,
    script_changed: true,
    changes_requested: true,
    delivery_approved: false,
  }
  let timeZone = 'Europe/London'
  let consent = {
    set: false,
    dsp: 'yes',
    ai_word_fixes: null as string | null,
    ai_versions: null as string | null,
    updated_at: null as number | null,
  }
  let nextDelivery = 1

  const notHere =
    (op: string): Operation =>
    () => {
      throw new SandboxError(404, 'not_found', `The fake world has no data for ${op}.`)
    }
  const operations: Record<OperationId, Operation> = {
    getMe: ({ key }) => ({
      key_id: key.keyId,
      email: 'talent@example.com',
      name: 'Test Talent',
      scopes: key.scopes,
      expires_at: key.expiresAt,
    }),
    listJobs: ({ query }) => ({
      tab: query.tab,
      filter: query.filter,
      page: query.page,
      page_size: query.page_size,
      total: 1,
      items: [jobSummary('41')],
      counts: {
        pending: 1,
        to_record: 1,
        due_today: 0,
        overdue: 0,
        due_soon: 1,
        stale: 0,
        accepted: 0,
        changes_requested: 0,
        unopened: 0,
        completed: 0,
        delivered: 0,
        declined: 0,
      },
      today: '2025-06-01',
    }),
    getJob: ({ params }) => {
      if (params.job_id === '13') throw new Error('secret internal detail: database on fire')
      throw new SandboxError(404, 'not_found', `There is no job ${params.job_id}.`)
    },
    createScriptsPdf: ({ body }) => {
      const ids = (body as { job_ids: string[] }).job_ids
      return {
        url: null,
        expires_at: null,
        file_name: 'scripts.pdf',
        included: [],
        missing: ids.map((job_id) => ({ job_id, reason: 'no_script' })),
      }
    },
    listDeliveries: notHere('listDeliveries'),
    createDelivery: async ({ params, body }, ctx) => {
      const { handle, take_label } = body as { handle: string; take_label: string }
      const upload = await ctx.uploads.get(handle)
      if (!upload) throw new SandboxError(404, 'not_found', 'There is no upload with this handle.')
      if (upload.size === null || upload.offset < upload.size)
        throw new SandboxError(409, 'not_ready', 'The upload is not complete yet.')
      world.uploadPaths.set(handle, upload.path)
      const id = String(nextDelivery++)
      return {
        delivery: delivery(id, take_label, upload.fileName ?? 'take.wav', upload.size, ctx.now()),
        job: jobSummary(params.job_id ?? '1'),
      }
    },
    getAttachmentDownload: ({ params }, ctx) => {
      const token = `att${params.attachment_id}tok`
      const expiresAt = ctx.now() + 60_000
      world.links.set(token, {
        file: {
          contentType: 'text/plain',
          fileName: 'notes – draft.txt',
          body: new TextEncoder().encode('hello attachment'),
        },
        expiresAt,
      })
      return { url: `${ctx.baseUrl()}/files/${token}`, expires_at: expiresAt }
    },
    getEarnings: ({ query }) => ({
      from: query.from,
      to: query.to,
      rates_visible_any: false,
      lines: [],
      totals: { overall: [], by_customer: [], by_month: [] },
      hidden_customers: [],
      unrated_jobs: 0,
      truncated: false,
    }),
    getAvailability: () => ({ ...world.availability, mixed: false, rows: [] }),
    putAvailability: async ({ body }) => {
      if (world.hold) await world.hold
      const b = body as { days: number[]; same_day: boolean }
      world.availability = { days: b.days, same_day: b.same_day }
      return { days: b.days, same_day: b.same_day, rows_updated: 2 }
    },
    getPreferences: () => ({ prefs, time_zone: timeZone }),
    putPreferences: ({ body }) => {
      const b = body as { prefs: typeof prefs; time_zone: string }
      Object.assign(prefs, b.prefs)
      timeZone = b.time_zone
      return { prefs, time_zone: timeZone }
    },
    getConsent: () => ({ consent }),
    putConsent: ({ body }, ctx) => {
      const b = body as { ai_word_fixes: string; ai_versions: string }
      consent = {
        set: true,
        dsp: 'yes',
        ai_word_fixes: b.ai_word_fixes,
        ai_versions: b.ai_versions,
        updated_at: ctx.now(),
      }
      return { consent }
    },
    acceptJobs: ({ body }) => ({
      results: (body as { job_ids: string[] }).job_ids.map((job_id) => ({
        job_id,
        outcome: 'accepted',
        job: jobSummary(job_id, 'accepted'),
      })),
    }),
    declineJobs: ({ body }) => ({
      results: (body as { job_ids: string[] }).job_ids.map((job_id) => ({
        job_id,
        outcome: 'declined',
        job: jobSummary(job_id, 'declined'),
      })),
    }),
    completeJobs: ({ body }) => ({
      results: (body as { job_ids: string[] }).job_ids.map((job_id) => ({
        job_id,
        outcome: 'completed',
        job: jobSummary(job_id, 'completed'),
      })),
    }),
  }

  const recorded = Object.fromEntries(
    Object.entries(operations).map(([name, op]) => [
      name,
      (input: Parameters<Operation>[0], ctx: Parameters<Operation>[1]) => {
        world.calls.push({ op: name as OperationId, input })
        return op(input, ctx)
      },
    ]),
  ) as Record<OperationId, Operation>

  const world: FakeWorld = {
    operations: recorded,
    calls: [],
    ticks: [],
    hold: null,
    links: new Map(),
    availability: { days: [1, 2, 3, 4, 5], same_day: false },
    saved: 0,
    uploadPaths: new Map(),
    openLink(token, now) {
      const link = world.links.get(token)
      if (!link) return null
      return now >= link.expiresAt ? 'expired' : link.file
    },
    tick(now) {
      world.ticks.push(now)
    },
    async save() {
      world.saved += 1
    },
    async close() {},
  }
  return world
}
