// Hand-written objects shaped as the talent API reference describes them; each builder returns a fresh copy to mutate.
import type { JsonObject } from './talent-contract'

export const money = (): JsonObject => ({ amount: '150.00', currency: 'USD', symbol: '$' })

export function jobSummary(): JsonObject {
  return {
    job_id: '1042',
    customer: { id: '7', name: 'Northwind Radio' },
    voice: { id: '3', name: 'Warm narrator' },
    key_number: 'NWR-30-0412',
    advertiser: 'Harbor Bakery',
    length_s: 30,
    kind: 'dry_voice',
    live_read: false,
    reference: null,
    requested_at: 1_760_000_000_000,
    due_date: '2025-10-10',
    changes_due: null,
    due_state: 'soon',
    status: 'pending',
    stage: 'accepted',
    spot_cancelled: false,
    has_script: true,
    script_changed: false,
    unopened: false,
    deliveries: 1,
    attachments: 1,
    rate: money(),
    producer_name: 'Dana Reyes',
  }
}

export function preflight(): JsonObject {
  return {
    measured: true,
    duration_s: 29.4,
    voiced_s: 27.9,
    sample_rate: 48000,
    channels: 1,
    bit_depth: 24,
    peak_dbfs: -1.2,
    lufs: -19.5,
    lead_silence_s: 0.3,
    tail_silence_s: 0.6,
    codec: 'pcm_s24le',
    warnings: [],
  }
}

export function delivery(): JsonObject {
  return {
    delivery_id: '501',
    take_label: 'main',
    take_number: 1,
    file_name: 'NWR-30-0412_main_1.wav',
    original_name: 'take1.wav',
    size_bytes: 4_233_600,
    status: 'delivered',
    created_at: 1_760_000_100_000,
    updated_at: 1_760_000_200_000,
    note: null,
    facts: {
      length_s: 29.4,
      voiced_s: null,
      channels: 1,
      sample_rate: 48000,
      spot_length_s: 30,
      length_verdict: 'pass',
    },
    preflight: preflight(),
    check: {
      state: 'done',
      verdict: 'check',
      coverage: 0.97,
      summary: 'One word differs from the script.',
      issues: [
        {
          kind: 'changed',
          severity: 'normal',
          expected: 'Tuesday',
          heard: 'Thursday',
          context: 'open until Tuesday',
          legal: false,
          name: false,
          number: false,
        },
      ],
      checked_at: 1_760_000_300_000,
      can_retry: false,
    },
    listen_url: null,
    listen_url_expires_at: null,
    can_withdraw: true,
    can_resume: false,
  }
}

export function attachment(): JsonObject {
  return {
    attachment_id: '88',
    original_name: 'music-bed.mp3',
    ext: 'mp3',
    size_bytes: 512_000,
    status: 'attached',
    note: null,
    created_at: 1_760_000_000_500,
    can_remove: false,
  }
}

export function jobDetail(): JsonObject {
  return {
    ...jobSummary(),
    producer: { name: 'Dana Reyes', email: null },
    flight_start: '2025-10-15',
    traffic: [{ cart_id: 'C-118', start_date: '2025-10-15', end_date: null }],
    other_talent: ['Sam Lee'],
    agency: null,
    script: {
      kind: 'typed',
      revision_id: '12',
      revised_at: 1_760_000_000_000,
      html: '<p>Fresh bread <b>daily</b>.</p>',
      text: 'Fresh bread daily.',
      document: null,
    },
    directions: { html: null, text: 'Warm, smiling, not salesy.' },
    pronunciations: [{ word: 'Reyes', say: 'RAY-ess' }],
    script_change: null,
    changes_request: { note: 'Slower on the tag, please.', at: 1_760_000_400_000, by: 'Dana Reyes', needed_by: null },
    decline: null,
    completion: null,
    timeline: [{ at: 1_760_000_000_000, actor: 'producer', kind: 'sent', label: 'Sent by Dana Reyes' }],
    deliveries_detail: [delivery()],
    attachments_detail: [attachment()],
    can: { accept: false, decline: true, complete: true, deliver: true, attach: false, ack_script: false },
    deliver_notice: 'none',
    suggested_stem: 'NWR-30-0412_Harbor-Bakery',
  }
}

const counts = (): JsonObject => ({
  pending: 3,
  to_record: 2,
  due_today: 1,
  overdue: 0,
  due_soon: 1,
  stale: 0,
  accepted: 2,
  changes_requested: 1,
  unopened: 1,
  completed: 4,
  delivered: 1,
  declined: 0,
})

export function listJobsResponse(): JsonObject {
  return {
    ok: true,
    api_version: '1',
    tab: 'pending',
    filter: 'all',
    page: 1,
    page_size: 25,
    total: 1,
    items: [jobSummary()],
    counts: counts(),
    today: '2025-10-08',
  }
}

export function earningsResponse(): JsonObject {
  return {
    ok: true,
    api_version: '1',
    from: '2025-01',
    to: '2025-12',
    rates_visible_any: true,
    lines: [
      {
        job_id: '1042',
        customer: { id: '7', name: 'Northwind Radio' },
        key_number: 'NWR-30-0412',
        advertiser: 'Harbor Bakery',
        requested_at: 1_760_000_000_000,
        month: '2025-10',
        status: 'completed',
        stage: 'approved',
        amount: money(),
      },
    ],
    totals: {
      overall: [{ currency: 'USD', symbol: '$', amount: '150.00', jobs: 1 }],
      by_customer: [{ customer: { id: '7', name: 'Northwind Radio' }, currency: 'USD', amount: '150.00', jobs: 1 }],
      by_month: [{ month: '2025-10', currency: 'USD', amount: '150.00', jobs: 1 }],
    },
    hidden_customers: [],
    unrated_jobs: 0,
    truncated: false,
  }
}

export function consentResponse(): JsonObject {
  return {
    ok: true,
    api_version: '1',
    consent: { set: true, dsp: 'yes', ai_word_fixes: 'ask', ai_versions: null, updated_at: null },
  }
}

export function createDeliveryRequest(): JsonObject {
  return { handle: '0123456789abcdef0123456789abcdef', take_label: 'alt', note: 'Slower read.', preflight: preflight() }
}
