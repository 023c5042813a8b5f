/**
 * A take's versions as main keeps them on the take (TakeView.versions) and the window shows them; the comp
 * grid, a punch plan and pickup cards as the bridge hands them over. Pure types.
 */
import type { components } from '../api/talent-v1'
import type { ReadbackCheck } from '../readback/types'
import type { EditList } from './edit-list'
import type { VersionFinish } from './finish'
import type { PickupLocator } from './pickup-csv'

type Preflight = components['schemas']['Preflight']

export const VERSION_OPERATIONS = [
  'recording',
  'pickup',
  'punch',
  'comp',
  'cut_restart',
  'cut_removed',
  'finish',
] as const
/**
 * recording: the take as recorded or dropped (version 1); comp: a take built from several takes;
 * cut_removed: a take read from an older script with the lines the producer removed since cut out;
 * finish: finished for delivery (fitted to the spot, levelled to the profile; `finish` keeps before and after).
 */
export type VersionOperation = (typeof VERSION_OPERATIONS)[number]

export interface VersionChange {
  /**
   * added: a line the producer added since the take was read, put in where the new script has it;
   * removed: a line the producer removed since, cut out of the take (`removed_line` says which).
   */
  kind: 'replaced' | 'inserted' | 'added' | 'punched' | 'cut' | 'removed'
  /** The script sentence (1-based); null for a cut false start or a removed line (no longer in the script). */
  sentence: number | null
  /** A removed line: its sentence (1-based) in the script the take was read from, that script's revision number when known, and its text. */
  removed_line?: { sentence: number; revision_number: number | null; text: string }
  /** The take the new audio came from (a pickup, a punch recording, another take); null when none. */
  source_take_id: string | null
  /** How the person knows that source: "Pickup 3", "Take 2", a file name. */
  source_name: string | null
  /** Where the change begins in the version (s). */
  at_s: number
  /** How much longer (+) or shorter (−) the version is for it (s). */
  delta_s: number
  /** The gain given to the new audio (dB). */
  gain_db: number
}

export interface VersionFinding {
  code: 'room_tone_differs' | 'reads_unclean' | 'not_read_back' | 'not_measured'
  message: string
  /** The script sentence (1-based) it is about; null for the whole version. */
  sentence: number | null
}

/** The read-back of a version, in short (the whole result is kept beside the take). */
export interface VersionReadback {
  verdict: ReadbackCheck['verdict']
  coverage: number
  summary: string
  /** True when the read-back found nothing but soft differences. */
  clean: boolean
  /** The script revision it was read back against (absent in versions made before this was kept). */
  revision_id?: string | null
  /** That revision's place among the job's revisions ("revision 2"), when known. */
  revision_number?: number
}

export interface TakeTrimValue {
  head_s: number
  tail_s: number
}

/** A patch a pickup version put into its take (see VersionPickups). */
export interface PickupPatchRecord {
  /** 1-based. */
  sentence: number
  /** SHA-256 of the recording (in the take's format) the new reading comes from. */
  source: string
  source_take_id: string | null
  source_name: string
}

/**
 * A pickup version's plan: the recording its patches went into and every patch, so the next pickup is
 * placed into that same recording with the earlier patches kept (a version is never built on a render of
 * a render, and its pauses never drift).
 */
export interface VersionPickups {
  /** SHA-256 of the recording the patches go into, and the version whose audio that is. */
  base: string
  base_version: number
  patches: PickupPatchRecord[]
}

export interface TakeVersion {
  /** 1, 2, 3 … in the order they were made; version 1 is the recording (or, for a comp, the comp). */
  number: number
  operation: VersionOperation
  created_at: string
  /** The version it was made from (undo = restore it); null for version 1. */
  made_from: number | null
  /** The edit list; null for version 1 of a recorded or dropped take (the recording itself). */
  edits: EditList | null
  /** The key of its render (render-cache.ts); null when edits is null. */
  render_key: string | null
  /** What changed, in one sentence: "Sentence 2 replaced from Pickup 3, +0.4 s." */
  summary: string
  changes: VersionChange[]
  findings: VersionFinding[]
  /** Its own measurement, trim and the trimmed render's measurement (the take's while it is current). */
  preflight: Preflight | null
  trim: TakeTrimValue
  trimmed_preflight: Preflight | null
  readback: VersionReadback | null
  /** A punch: the input latency compensated, in samples, and where that figure came from. */
  latency?: { samples: number; source: 'reported' | 'calibrated' } | null
  /** A pickup version: what its patches went into (absent for other operations). */
  pickups?: VersionPickups | null
  /** A finished version: its choices, the spot and profile, and the figures before and after. */
  finish?: VersionFinish | null
  /**
   * Set when this version's record on disk could not be read: what is wrong, in words, and the record as it
   * was (written back unchanged). Such a version cannot be played, restored or delivered; the others can.
   */
  unreadable?: { message: string; raw: unknown }
}

export interface VersionView extends TakeVersion {
  current: boolean
  /** The name a delivery of it carries (the take's, with the version mark). */
  delivery_name: string
  /**
   * "Version 2's recording is damaged (changed on disk since Booth wrote it)." — set when a file it is made
   * of no longer holds the bytes Booth wrote (its content hash); such a version is never restored or delivered.
   */
  damaged?: string
}

export interface VersionsView {
  takeId: string
  jobId: string
  current: number
  versions: VersionView[]
  /** "Version 2 could not be read; versions 1 and 3 are fine." — absent when every version reads. */
  unreadable?: string
  /** "Version 2's recording is damaged (changed on disk since Booth wrote it); versions 1 and 3 are fine." — absent when none is. */
  damaged?: string
  /** The take's number, for what the window says of it ("take 3 is at version 1"). */
  takeNumber?: number
}

/** The lines of the script a take's audio reads that the current script no longer has (the window offers to cut them). */
export interface RemovedLinesView {
  takeId: string
  /** The number among the job's revisions of the script the take's audio reads, and of the current one, when known. */
  revision_number: number | null
  target_revision_number: number | null
  /** Each removed line: its sentence (1-based) in the take's script and its text; empty when none. */
  lines: Array<{ sentence: number; text: string }>
}

export interface CompCellView {
  takeId: string
  state: 'clean' | 'issues' | 'not_read'
  issues: string[]
  lufs: number | null
  true_peak_dbtp: number | null
  length_s: number | null
}

export interface CompGridView {
  jobId: string
  /** The script revision the takes were read from (the newest with at least one take). */
  revision_id: string | null
  sentences: Array<{ number: number; text: string }>
  takes: Array<{ takeId: string; name: string; take_number: number }>
  /** cells[sentence][take], in the order of `sentences` and `takes`. */
  cells: CompCellView[][]
  /** The default pick per sentence (a take id); null when no take reads it. */
  picks: Array<string | null>
  /** Sentences no take reads (1-based): the comp cannot be rendered until they are recorded. */
  unread: number[]
  /** Takes of the job left out (another script revision, no read-back possible), with why. */
  left_out: Array<{ takeId: string; reason: string }>
}

export interface PunchPlanView {
  takeId: string
  /** 1-based. */
  sentence: number
  sentence_text: string
  sample_rate: number
  punch_frame: number
  punch_s: number
  preroll_frame: number
  preroll_s: number
  crossfade_s: number
}

/** A take's script sentences: characters of the script, and where the take reads each (null: not read in it). */
export interface TakeSentencesView {
  takeId: string
  /**
   * `from`/`to`: characters of the script the take's current read-back compared with (so its findings name
   * their sentence). `to_record`: a producer's revision changed or added it since the take was read.
   */
  sentences: Array<{
    number: number
    text: string
    from: number
    to: number
    start_s: number | null
    end_s: number | null
    clean: boolean
    to_record?: 'changed' | 'added'
  }>
}

export interface CalibrationView {
  latency_samples: number
  latency_ms: number
  clicks_heard: number
  spread_samples: number
}

export interface PickupCardView {
  id: string
  row: number
  locator: PickupLocator
  said: string
  should_be: string
  /** The script sentence it names (1-based), and its text; null when none could be found (problem says why). */
  sentence: number | null
  sentence_text: string | null
  problem: string | null
  /** What the card offers: punch in on the take (it reads the sentence), or record a pickup. */
  action: 'punch' | 'pickup' | null
  /** True once a version of the take made for this sentence reads it back clean. */
  done: boolean
}

export interface PickupCardsView {
  jobId: string
  takeId: string | null
  cards: PickupCardView[]
}
