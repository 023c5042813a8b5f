/**
 * The seeded world, deterministic from `seed` and relative to `now`: the talent, four customers (one
 * hiding rates; USD, EUR, GBP), three voices, and current jobs covering every stage and due_state (see
 * SCENARIOS below), plus past work for earnings (seed-history.ts).
 */
import { dateInZone } from './calendar'
import { htmlToText } from './html-text'
import { newJob, pastDelivery, rateFor } from './job-factory'
import { createRng, type Rng } from './rng'
import {
  CHANGE_NOTES,
  CUSTOMERS,
  DOCUMENT_SCRIPT,
  HOSTILE_SCRIPT_HTML,
  SPOTS,
  TALENT_NAMES,
  VOICES,
  type SpotSeed,
} from './seed-catalog'
import { seedHistory } from './seed-history'
import { STATE_VERSION, nextId, type AttachmentRecord, type BlobRecipe, type JobRecord, type WorldState } from './state'
import { addTimeline } from './timeline'
import { blobSize } from './blobs'

const H = 3_600_000
const D = 24 * H
export const DEFAULT_TIME_ZONE = 'America/New_York'

function spot(advertiser: string): SpotSeed {
  const s = SPOTS.find((x) => x.advertiser === advertiser)
  if (!s) throw new Error(`seed catalog has no spot for ${advertiser}`)
  return s
}

function attachment(
  state: WorldState,
  name: string,
  blob: BlobRecipe,
  note: string | null,
  at: number,
): AttachmentRecord {
  const dot = name.lastIndexOf('.')
  return {
    attachment_id: nextId(state),
    original_name: name,
    ext: dot >= 0 ? name.slice(dot + 1).toLowerCase() : '',
    size_bytes: blobSize(blob),
    status: 'attached',
    note,
    created_at: at,
    blob,
  }
}

export function seedWorld(seed: number, now: number): WorldState {
  const rng = createRng(seed)
  const talent = TALENT_NAMES[seed % TALENT_NAMES.length]!
  const state: WorldState = {
    version: STATE_VERSION,
    seed,
    next_id: 4100 + rng.int(0, 800),
    producer_rng: (seed ^ 0x5eed) >>> 0,
    producer_next_at: null,
    talent: { ...talent },
    customers: [],
    voices: [],
    jobs: [],
    availability: [],
    prefs: { due_soon: true, overdue: true, script_changed: true, changes_requested: true, delivery_approved: false },
    time_zone: DEFAULT_TIME_ZONE,
    consent: { set: false, dsp: 'yes', ai_word_fixes: null, ai_versions: null, updated_at: null },
  }
  state.customers = CUSTOMERS.map((c) => ({ id: nextId(state), name: c.name, rates_hidden: c.rates_hidden }))
  state.voices = VOICES.map((name) => ({ id: nextId(state), name }))
  state.next_id += 10_000 // jobs, takes and attachments get ids well apart from customers and voices
  seedHistory(state, rng, now)
  seedCurrent(state, rng, now)
  const profiles: [number, number, number[]][] = [
    [0, 0, [1, 2, 3, 4, 5]],
    [0, 1, [1, 2, 3, 4, 5]],
    [1, 0, [1, 2, 3, 4, 5]],
    [2, 0, [1, 2, 3, 4, 5]],
    [3, 1, [1, 2, 3, 4, 5, 6]],
    [0, 2, [1, 2, 3, 4, 5]],
  ]
  state.availability = profiles.map(([ci, vi, days]) => ({
    customer_id: state.customers[ci]!.id,
    voice_id: state.voices[vi]!.id,
    days,
    same_day: ci !== 3,
    agency: CUSTOMERS[ci]!.agency,
  }))
  return state
}

function seedCurrent(state: WorldState, rng: Rng, now: number): void {
  const today = dateInZone(now, state.time_zone)
  const make = (
    advertiser: string,
    ci: number,
    vi: number,
    requestedAgo: number,
    dueInDays: number | null,
  ): JobRecord => {
    const s = spot(advertiser)
    const job = newJob(state, rng, {
      spot: s,
      customerId: state.customers[ci]!.id,
      customer: CUSTOMERS[ci]!,
      voiceId: state.voices[vi]!.id,
      requestedAt: now - requestedAgo,
      today,
      dueInDays,
      rate: rateFor(rng, s.length_s, CUSTOMERS[ci]!.currency),
    })
    state.jobs.push(job)
    return job
  }
  const view = (job: JobRecord, at: number): void => {
    job.unopened = false
    job.stage = 'viewed'
    addTimeline(job, at, 'talent', 'viewed', 'Opened')
  }
  const accept = (job: JobRecord, at: number): void => {
    if (job.unopened) view(job, at - H)
    job.stage = 'accepted'
    addTimeline(job, at, 'talent', 'accepted', 'Accepted')
  }
  const documentScript = (job: JobRecord, fileName: string, file: BlobRecipe, pdf: BlobRecipe | null): void => {
    job.script = {
      kind: 'document',
      revision_id: nextId(state),
      revised_at: job.requested_at,
      html: null,
      text: DOCUMENT_SCRIPT.text,
      document: { file_name: fileName, file, pdf },
    }
    job.pronunciations = [{ word: 'Aldwych', say: 'AWLD-witch' }]
    job.directions = {
      html: '<p>Calm public-service tone. Times slowly.</p>',
      text: 'Calm public-service tone. Times slowly.',
    }
  }
  const docPdf = (xrefStream: boolean): BlobRecipe => ({
    kind: 'pdf',
    title: DOCUMENT_SCRIPT.title,
    subtitle: 'Script',
    body: DOCUMENT_SCRIPT.text,
    xrefStream,
  })

  // 1. new, unopened, due later
  make('Acme Hardware', 0, 0, 2 * H, 6)
  // 2. new, unopened, due soon, a PDF script document
  const doc = make('Acme Hardware', 2, 0, 5 * H, 2)
  doc.advertiser = DOCUMENT_SCRIPT.advertiser
  doc.key_number = `GRWT-${rng.int(1000, 9999)}-30`
  documentScript(doc, 'Greenway_Weekend_Works.pdf', docPdf(false), docPdf(false))
  // 3. viewed, due today, a plain-text script (no HTML)
  const plain = make('Orchard Dental', 0, 0, D, 0)
  plain.script.html = null
  view(plain, now - 20 * H)
  // 4. accepted, due today, with attachments
  const motors = make('Pemberton Motors', 0, 1, 2 * D, 0)
  accept(motors, now - 40 * H)
  motors.attachments.push(
    attachment(
      state,
      'Pemberton_brand_voice.pdf',
      {
        kind: 'pdf',
        title: 'Pemberton Motors: brand voice',
        body: 'Confident, friendly, never shouty.\n\nSay "Pemberton" with a light first syllable.\n\nThe tag line always ends on a smile.',
      },
      'Brand guide from the agency',
      now - 47 * H,
    ),
    attachment(
      state,
      'mix_notes.txt',
      {
        kind: 'text',
        text: 'Music bed: "Open Road" (library), -18 LUFS under VO.\nLeave 0.5 s head and tail.\n',
        contentType: 'text/plain; charset=utf-8',
      },
      null,
      now - 47 * H,
    ),
    attachment(
      state,
      'reference_read.wav',
      { kind: 'wav', seconds: 2, sampleRate: 8000, channels: 1, hz: 330 },
      'Reference for pacing',
      now - 46 * H,
    ),
  )
  // 5. accepted, overdue, the script changed after acceptance
  const cafe = make('Café Brümmer', 1, 0, 8 * D, -3)
  accept(cafe, now - 7 * D)
  const previous = cafe.script.text
  cafe.script.html = (cafe.script.html ?? '').replace('from seven', 'from six')
  cafe.script.text = htmlToText(cafe.script.html)
  cafe.script.revision_id = nextId(state)
  cafe.script.revised_at = now - 2 * D
  cafe.script_change = {
    since: 'accepted',
    previous_text: previous,
    current_text: cafe.script.text,
    directions_changed: false,
    document_replaced: false,
    changed_at: now - 2 * D,
  }
  addTimeline(cafe, now - 2 * D, 'producer', 'script_changed', 'Script changed: opening time is now six')
  // 6. accepted long ago, overdue by three weeks (stale)
  accept(make('Hollis & Finch Opticians', 2, 0, 30 * D, -20), now - 29 * D)
  // 7. changes requested after a take whose check found issues
  const cu = make('Lakeside Credit Union', 0, 0, 4 * D, -1)
  accept(cu, now - 4 * D + 2 * H)
  cu.deliveries.push(
    pastDelivery(state, cu, {
      label: 'main',
      at: now - 2 * D,
      status: 'changes_requested',
      lengthS: 31.4,
      note: 'Main read, legal at the end',
      force: 'check',
    }),
  )
  addTimeline(cu, now - 2 * D, 'talent', 'delivered', 'Delivered main take 1')
  cu.stage = 'changes_requested'
  cu.changes_request = {
    note: CHANGE_NOTES[1]!,
    at: now - D,
    by: CUSTOMERS[0]!.producer.name,
    needed_by: dateInZone(now + D, state.time_zone),
  }
  cu.changes_due = cu.changes_request.needed_by
  addTimeline(cu, now - D, 'producer', 'changes_requested', `Changes requested by ${CUSTOMERS[0]!.producer.name}`)
  // 8. delivered, waiting for the producer
  const fest = make('Brightwater Festival', 1, 1, 3 * D, 1)
  accept(fest, now - 3 * D + 3 * H)
  fest.deliveries.push(
    pastDelivery(state, fest, { label: 'main', at: now - 20 * H, status: 'delivered', lengthS: 29.6 }),
    pastDelivery(state, fest, {
      label: 'alt',
      at: now - 20 * H + 60_000,
      status: 'delivered',
      lengthS: 30.9,
      note: 'Alt with more build',
    }),
  )
  addTimeline(fest, now - 20 * H, 'talent', 'delivered', 'Delivered main take 1')
  addTimeline(fest, now - 20 * H + 60_000, 'talent', 'delivered', 'Delivered alt take 1')
  fest.stage = 'delivered'
  // 9. a live read (read on air by the talent), accepted, due soon
  const live = make('WKLR 101.5 The River', 3, 1, 20 * H, 1)
  live.live_read = true
  accept(live, now - 18 * H)
  // 10. the client cancelled the spot after acceptance
  const cancelled = make('Sunny Day Cereal', 0, 2, 3 * D, 4)
  accept(cancelled, now - 2 * D)
  cancelled.spot_cancelled = true
  addTimeline(cancelled, now - D, 'producer', 'withdrawn', 'Spot cancelled by the client')
  // 11. declined by the talent
  const declined = make('Acme Hardware', 0, 0, 5 * D, 1)
  view(declined, now - 5 * D + H)
  declined.status = 'declined'
  declined.stage = 'declined'
  declined.decline = {
    reason: 'In the studio for a game session all week, sorry!',
    at: now - 5 * D + 2 * H,
    by: 'talent',
  }
  addTimeline(
    declined,
    now - 5 * D + 2 * H,
    'talent',
    'declined',
    'Declined: In the studio for a game session all week, sorry!',
  )
  // 12. completed by the talent
  const done = make('Orchard Dental', 0, 0, 9 * D, -6)
  accept(done, now - 9 * D + 2 * H)
  done.deliveries.push(
    pastDelivery(state, done, { label: 'main', at: now - 7 * D, status: 'delivered', lengthS: 29.8 }),
  )
  addTimeline(done, now - 7 * D, 'talent', 'delivered', 'Delivered main take 1')
  done.status = 'completed'
  done.stage = 'completed'
  done.completion = { note: 'Delivered main; safety on request.', at: now - 6 * D }
  addTimeline(done, now - 6 * D, 'talent', 'completed', 'Marked complete')
  // 13. a hostile script (data, never instructions), customer with hidden rates
  const hostile = make('Sunny Day Cereal', 3, 0, 6 * H, 5)
  hostile.advertiser = 'Night Owl Pizza'
  hostile.key_number = `NOWP-${rng.int(1000, 9999)}-30`
  hostile.length_s = 30
  hostile.script.html = HOSTILE_SCRIPT_HTML
  hostile.script.text = htmlToText(HOSTILE_SCRIPT_HTML)
  hostile.directions = {
    html: '<p onclick="alert(1)">Fun, fast. <a href="javascript:void(0)">click</a></p>',
    text: 'Fun, fast. click',
  }
  hostile.pronunciations = []
  view(hostile, now - 5 * H)
  // 14. a document script with no PDF version (RTF)
  const rtf = make('Acme Hardware', 1, 0, 26 * H, 3)
  rtf.advertiser = DOCUMENT_SCRIPT.advertiser
  rtf.key_number = `GRWT-${rng.int(1000, 9999)}-30`
  documentScript(
    rtf,
    'Greenway_Radio_v2.rtf',
    {
      kind: 'text',
      text: `{\\rtf1\\ansi{\\fonttbl\\f0 Helvetica;}\\f0 ${DOCUMENT_SCRIPT.text.replace(/\n\n/g, '\\par\\par ')}}`,
      contentType: 'application/rtf',
    },
    null,
  )
  accept(rtf, now - 24 * H)
  // 15. a PDF script the merger cannot read (cross-reference stream)
  const scanned = make('Acme Hardware', 2, 0, 10 * H, 8)
  scanned.advertiser = DOCUMENT_SCRIPT.advertiser
  scanned.key_number = `GRWT-${rng.int(1000, 9999)}-60`
  documentScript(scanned, 'Greenway_TV_export.pdf', docPdf(true), docPdf(true))
  view(scanned, now - 9 * H)
  // 16. no script yet, sent long ago and never touched (stale)
  const noScript = make('WKLR 101.5 The River', 3, 1, 40 * D, null)
  noScript.script = { kind: 'none', revision_id: null, revised_at: null, html: null, text: '', document: null }
  noScript.pronunciations = []
  // 17. approved by the producer
  const approved = make('Pemberton Motors', 0, 1, 6 * D, -4)
  accept(approved, now - 6 * D + H)
  approved.deliveries.push(
    pastDelivery(state, approved, { label: 'main', at: now - 5 * D, status: 'approved', lengthS: 59.7 }),
  )
  addTimeline(approved, now - 5 * D, 'talent', 'delivered', 'Delivered main take 1')
  approved.status = 'completed'
  approved.stage = 'approved'
  addTimeline(approved, now - 4 * D, 'producer', 'approved', `${CUSTOMERS[0]!.producer.name} approved main take 1`)
}
