/**
 * The talent's world as stored (world.json). Only facts are stored; every derived field of the API
 * (due_state, can, counts, script_changed, suggested_stem, deliver_notice, counts of deliveries…) is
 * computed from these records when an answer is built.
 */
import type { components } from '../../shared/api/talent-v1'
import type { StoredRate } from './money'

export const STATE_VERSION = 1

export type JobStatus = 'pending' | 'completed' | 'declined'
export type JobStage =
  'sent' | 'viewed' | 'accepted' | 'changes_requested' | 'delivered' | 'completed' | 'approved' | 'declined'
export type TakeLabel = 'main' | 'alt' | 'safety' | 'pickup' | 'tag'
export type DeliveryStatus =
  | 'storing'
  | 'stalled'
  | 'processing'
  | 'delivered'
  | 'approved'
  | 'used'
  | 'superseded'
  | 'withdrawn'
  | 'changes_requested'
export type Actor = 'talent' | 'producer' | 'system'
export type TimelineKind =
  | 'sent'
  | 'viewed'
  | 'accepted'
  | 'declined'
  | 'completed'
  | 'delivered'
  | 'withdrawn'
  | 'changes_requested'
  | 'approved'
  | 'used'
  | 'script_changed'
  | 'attached'

/** How a file's bytes are produced: generated on demand from a recipe, or read from disk. */
export type BlobRecipe =
  | { kind: 'pdf'; title: string; subtitle?: string; body: string; xrefStream?: boolean }
  | { kind: 'text'; text: string; contentType: string }
  | { kind: 'wav'; seconds: number; sampleRate: number; channels: number; hz: number }
  | { kind: 'path'; path: string; contentType: string }

export interface Named {
  id: string
  name: string
}

export interface Customer extends Named {
  rates_hidden: boolean
}

export interface TimelineEntry {
  at: number
  actor: Actor
  kind: TimelineKind
  label: string
}

/** The preflight a delivery carried, exactly as the contract defines it. */
export type Preflight = components['schemas']['Preflight']

export interface Facts {
  length_s: number
  voiced_s: number | null
  channels: number
  sample_rate: number
  spot_length_s: number
  length_verdict: 'pass' | 'long' | 'short' | 'unknown'
}

export interface CheckIssue {
  kind: 'missing' | 'changed' | 'extra' | 'repeated'
  severity: 'high' | 'normal' | 'soft'
  expected: string | null
  heard: string | null
  context: string
  legal: boolean
  name: boolean
  number: boolean
}

export interface Check {
  state: 'pending' | 'running' | 'done' | 'unavailable' | 'skipped'
  verdict: 'matches' | 'check' | 'mismatch' | null
  coverage: number | null
  summary: string
  issues: CheckIssue[]
  checked_at: number | null
  can_retry: boolean
}

/** The outcome the audio check will reveal once it is done (decided when the take is delivered). */
export interface PlannedCheck {
  verdict: 'matches' | 'check' | 'mismatch' | null // null: skipped (no script text)
  coverage: number | null
  summary: string
  issues: CheckIssue[]
}

export interface DeliveryRecord {
  delivery_id: string
  handle: string | null // the upload handle (null for seeded takes)
  audio: BlobRecipe // where the take's bytes are
  take_label: TakeLabel
  take_number: number
  file_name: string
  original_name: string
  size_bytes: number
  status: DeliveryStatus
  created_at: number
  updated_at: number
  note: string | null
  preflight: Preflight | null
  facts: Facts | null
  planned_facts: Facts | null // revealed when processing finishes
  check: Check
  planned_check: PlannedCheck
}

export interface AttachmentRecord {
  attachment_id: string
  original_name: string
  ext: string
  size_bytes: number
  status: 'storing' | 'attached'
  note: string | null
  created_at: number
  blob: BlobRecipe
}

export interface ScriptRecord {
  kind: 'typed' | 'document' | 'none'
  revision_id: string | null
  revised_at: number | null
  html: string | null
  text: string
  document: null | { file_name: string; file: BlobRecipe; pdf: BlobRecipe | null }
}

export interface JobRecord {
  job_id: string
  customer_id: string
  voice_id: string
  key_number: string
  advertiser: string
  length_s: number
  kind: 'dry_voice' | 'finished_spot' | 'not_set'
  live_read: boolean
  reference: string | null
  requested_at: number
  due_date: string | null
  changes_due: string | null
  status: JobStatus
  stage: JobStage
  spot_cancelled: boolean
  unopened: boolean
  rate: StoredRate | null // hidden in answers when the customer hides rates
  producer: { name: string; email: string | null } | null
  flight_start: string | null
  traffic: { cart_id: string | null; start_date: string | null; end_date: string | null }[]
  other_talent: string[]
  agency: string | null
  script: ScriptRecord
  directions: { html: string | null; text: string }
  pronunciations: { word: string; say: string }[]
  script_change: null | {
    since: 'seen' | 'accepted'
    previous_text: string
    current_text: string
    directions_changed: boolean
    document_replaced: boolean
    changed_at: number | null
  }
  changes_request: null | { note: string; at: number; by: string | null; needed_by: string | null }
  decline: null | { reason: string | null; at: number | null; by: 'talent' | 'producer' }
  completion: null | { note: string | null; at: number | null }
  timeline: TimelineEntry[]
  deliveries: DeliveryRecord[]
  attachments: AttachmentRecord[]
}

export interface AvailabilityRow {
  voice_id: string
  customer_id: string
  days: number[]
  same_day: boolean
  agency: string | null
}

export interface Prefs {
  due_soon: boolean
  overdue: boolean
  script_changed: boolean
  changes_requested: boolean
  delivery_approved: boolean
}

export interface Consent {
  set: boolean
  dsp: 'yes'
  ai_word_fixes: 'yes' | 'ask' | 'no' | null
  ai_versions: 'yes' | 'ask' | 'no' | null
  updated_at: number | null
}

export interface WorldState {
  version: number
  seed: number
  next_id: number
  /** State of the producer's random generator, so its choices continue deterministically after a reload. */
  producer_rng: number
  /** When the simulated producer acts next (ms), or null before the first tick. */
  producer_next_at: number | null
  talent: { name: string; email: string }
  customers: Customer[]
  voices: Named[]
  jobs: JobRecord[]
  availability: AvailabilityRow[]
  prefs: Prefs
  time_zone: string
  consent: Consent
}

/** Hand out the next id (ids are strings matching ^[1-9][0-9]{0,9}$). */
export function nextId(state: WorldState): string {
  const id = state.next_id
  state.next_id += 1
  return String(id)
}
