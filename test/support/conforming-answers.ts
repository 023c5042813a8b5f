/**
 * One small success answer per operation of the talent API that conforms to its document
 * (resources/api/talent-v1.yaml), for tests whose server is scripted rather than the sandbox: the client
 * checks every answer at its door (main/api/answer-door.ts), so a scripted answer must be one the API could
 * send. test/unit/api/answer-door.test.ts holds each of these to the document with the sandbox's own
 * (strict) answer validation, so they cannot drift from it.
 */
const PREFS = {
  due_soon: true,
  overdue: false,
  script_changed: true,
  changes_requested: true,
  delivery_approved: false,
}
const COUNTS = {
  pending: 1,
  to_record: 1,
  due_today: 0,
  overdue: 0,
  due_soon: 0,
  stale: 0,
  accepted: 0,
  changes_requested: 0,
  unopened: 1,
  completed: 0,
  delivered: 0,
  declined: 0,
}

export function jobSummary(jobId = '1'): Record<string, unknown> {
  return {
    job_id: jobId,
    customer: { id: '7', name: 'Northwind Radio' },
    voice: { id: '3', name: 'Warm read' },
    key_number: `NWR-${jobId}`,
    advertiser: 'Acme Hardware',
    length_s: 30,
    kind: 'finished_spot',
    live_read: false,
    reference: null,
    requested_at: 1_760_000_000_000,
    due_date: '2026-01-15',
    changes_due: null,
    due_state: 'later',
    status: 'pending',
    stage: 'sent',
    spot_cancelled: false,
    has_script: true,
    script_changed: false,
    unopened: true,
    deliveries: 0,
    attachments: 0,
    rate: { amount: '150.00', currency: 'USD', symbol: '$' },
    producer_name: 'Dana',
  }
}

export function jobDetail(jobId = '1'): Record<string, unknown> {
  return {
    ...jobSummary(jobId),
    producer: { name: 'Dana', email: null },
    flight_start: null,
    traffic: [],
    other_talent: [],
    agency: null,
    script: {
      kind: 'typed',
      revision_id: '5',
      revised_at: 1_760_000_000_000,
      html: null,
      text: 'Acme. Built to last.',
      document: null,
    },
    directions: { html: null, text: 'Warm, friendly.' },
    pronunciations: [{ word: 'Acme', say: 'AK-mee' }],
    script_change: null,
    changes_request: null,
    decline: null,
    completion: null,
    timeline: [{ at: 1_760_000_000_000, actor: 'producer', kind: 'sent', label: 'Sent to you' }],
    deliveries_detail: [],
    attachments_detail: [],
    can: { accept: true, decline: true, complete: false, deliver: true, attach: false, ack_script: false },
    deliver_notice: 'none',
    suggested_stem: `NWR-${jobId}`,
  }
}

export function delivery(deliveryId = '11'): Record<string, unknown> {
  return {
    delivery_id: deliveryId,
    take_label: 'main',
    take_number: 1,
    file_name: 'NWR-1_main_01.wav',
    original_name: 'take.wav',
    size_bytes: 1000,
    status: 'storing',
    created_at: 1_760_000_000_000,
    updated_at: 1_760_000_000_000,
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

/** Success fields (without ok/api_version) per operationId. */
export const CONFORMING_FIELDS: Record<string, Record<string, unknown>> = {
  getMe: { key_id: '1', email: 'talent@example.com', name: 'Talent', scopes: ['jobs:read'], expires_at: null },
  listJobs: {
    tab: 'pending',
    filter: 'all',
    page: 1,
    page_size: 25,
    total: 1,
    items: [jobSummary()],
    counts: COUNTS,
    today: '2026-01-10',
  },
  getJob: { job: jobDetail() },
  createScriptsPdf: { url: null, expires_at: null, file_name: 'scripts.pdf', included: [], missing: [] },
  listDeliveries: {
    job_id: '1',
    status: 'pending',
    stage: 'sent',
    deliveries: [],
    attachments: [],
    server_time: 1_760_000_000_000,
  },
  createDelivery: { delivery: delivery(), job: jobSummary() },
  getAttachmentDownload: { url: 'http://127.0.0.1:9/file', expires_at: 1_760_000_000_000 },
  getEarnings: {
    from: '2024-01',
    to: '2024-12',
    rates_visible_any: true,
    lines: [],
    totals: { overall: [], by_customer: [], by_month: [] },
    hidden_customers: [],
    unrated_jobs: 0,
    truncated: false,
  },
  getAvailability: { days: [1, 2], same_day: false, mixed: false, rows: [] },
  putAvailability: { days: [1, 5], same_day: true, rows_updated: 0 },
  getPreferences: { prefs: PREFS, time_zone: 'Europe/Berlin' },
  putPreferences: { prefs: PREFS, time_zone: 'Europe/Berlin' },
  getConsent: { consent: { set: true, dsp: 'yes', ai_word_fixes: 'ask', ai_versions: null, updated_at: null } },
  putConsent: {
    consent: { set: true, dsp: 'yes', ai_word_fixes: 'ask', ai_versions: 'no', updated_at: 1_760_000_000_000 },
  },
  acceptJobs: { results: [] },
  declineJobs: { results: [] },
  completeJobs: { results: [] },
}
