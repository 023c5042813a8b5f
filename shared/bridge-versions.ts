/**
 * Bridge calls and events for a take's versions: list and restore them, make a version from pickup takes,
 * punch-and-roll (plan, start, finish), cut a false start, cut the lines a revision removed, the comp grid and a comp rendered as a new take,
 * the latency calibration's analysis, a proofer's pickup list, and finishing for delivery. Merged into the one contract by
 * shared/bridge.ts. Every call that makes or restores a version is called after the person asked for it
 * on screen; each new version is measured and read back before the call answers.
 */
import { BREATH_CHOICES, LONGEST_PAUSE_S, MAX_TEMPO_PERCENT, SHORTEST_PAUSE_S } from './versions/finish'
import { apiId, int, list, nullable, num, obj, oneOf, optional, str, takeId, type Check } from './check'
import type { TakeView } from './bridge-takes'
import { MAX_PCM_BASE64_CHARS } from './bridge-takes'
import { MAX_PICKUP_CSV_CHARS } from './versions/pickup-csv'
import type {
  CalibrationView,
  CompGridView,
  PickupCardsView,
  PunchPlanView,
  RemovedLinesView,
  TakeSentencesView,
  VersionsView,
  VersionView,
} from './versions/types'

/** The most pickups one version may take in. */
export const MAX_PICKUPS = 16
/** The longest take a sentence number can name. */
const MAX_SENTENCE = 10_000

const sentence = int({ min: 1, max: MAX_SENTENCE })
/** The pre-roll lengths a person may ask for (s): at least the rules' 2 s. */
export const PUNCH_PREROLL_S = { min: 2, max: 20 } as const
const prerollS = num(PUNCH_PREROLL_S)
const base64Pcm = str({ min: 4, max: MAX_PCM_BASE64_CHARS, pattern: /^[A-Za-z0-9+/]*={0,2}$/ })

export const versionCalls = {
  listVersions: obj({ takeId }),
  /** Makes an earlier (or later) version current again: undo is restoring the version it was made from. */
  restoreVersion: obj({ takeId, version: int({ min: 1, max: 10_000 }) }),
  /** Places the pickup takes (label "pickup", recorded or dropped) into the take by the script. */
  makePickupVersion: obj({ takeId, pickupTakeIds: list(takeId, { min: 1, max: MAX_PICKUPS, unique: true }) }),
  /** Cuts the false start a read-back issue marked (its restart stretch). */
  cutRestart: obj({ takeId, from_s: num({ min: 0, max: 86_400 }), to_s: num({ min: 0, max: 86_400 }) }),
  /** The lines the producer removed since the script the take's current audio reads (none: nothing to cut). */
  listRemovedLines: obj({ takeId }),
  /** Cuts the lines the producer removed out of a take read from an older script, for the current one. */
  cutRemovedLines: obj({ takeId }),
  /** The take's script sentences, their characters and where the take reads each (a finding or a click names one). */
  listTakeSentences: obj({ takeId }),
  /** `prerollS`: the shortest pre-roll wanted (the window's setting); it starts at the sentence before when that is earlier. */
  planPunch: obj({ takeId, sentence, prerollS: optional(prerollS) }),
  /**
   * Starts recording a punch-and-roll into the take at the sentence: a new take (label pickup) that
   * receives appendRecording chunks from the start of the pre-roll. `latencySamples`: the input latency to
   * compensate (the platform's figure, or a calibrated one: `latencySource` says which).
   */
  startPunch: obj({
    takeId,
    sentence,
    sampleRate: int({ min: 8000, max: 192_000 }),
    channels: int({ min: 1, max: 2 }),
    latencySamples: int({ min: 0, max: 192_000 }),
    latencySource: oneOf(['reported', 'calibrated'] as const),
    prerollS: optional(prerollS),
  }),
  /** Stops the punch recording and makes the punched version. */
  finishPunch: obj({ recordingTakeId: takeId }),
  cancelPunch: obj({ recordingTakeId: takeId }),
  /** Finds the played clicks (shared/versions/calibration-click.ts) in what the microphone recorded. */
  analyzeCalibration: obj({
    sampleRate: int({ min: 8000, max: 192_000 }),
    channels: int({ min: 1, max: 2 }),
    pcmBase64: base64Pcm,
  }),
  getCompGrid: obj({ jobId: apiId }),
  /** Renders the picked cells as a new take of the job; `picks` names a take for each sentence (1-based). */
  renderComp: obj({
    jobId: apiId,
    picks: list(obj({ sentence, takeId }), { min: 1, max: MAX_SENTENCE }),
    note: optional(nullable(str({ max: 1000 }))),
  }),
  importPickupCsv: obj({ jobId: apiId, takeId, csv: str({ min: 1, max: MAX_PICKUP_CSV_CHARS }) }),
  listPickupCards: obj({ jobId: apiId }),
  /**
   * Finishes the take's current version for delivery: a new version fitted to the job's spot length and
   * levelled to its profile, with the talent's choices (main/finish/finish-version.ts). A take that cannot
   * be fitted is refused in one sentence and nothing is made.
   */
  finishVersion: obj({
    takeId,
    choices: obj({
      breaths: oneOf(BREATH_CHOICES),
      maxTempoPercent: num(MAX_TEMPO_PERCENT),
      shortestPauseS: num(SHORTEST_PAUSE_S),
      longestPauseS: optional(num(LONGEST_PAUSE_S)),
      roomToneTakeId: optional(takeId),
    }),
  }),
  /** What version work on the job's takes did not finish because Booth stopped (main's work journal). */
  listUnfinishedWork: obj({ jobId: apiId }),
  /** The talent read a take's note of unfinished work: it goes, on disk too. */
  dismissUnfinishedWork: obj({ takeId }),
} satisfies Record<string, Check<unknown>>

export interface VersionMade {
  take: TakeView
  version: VersionView
}

export interface VersionResults {
  listVersions: VersionsView
  restoreVersion: TakeView
  makePickupVersion: VersionMade
  cutRestart: VersionMade
  listRemovedLines: RemovedLinesView
  cutRemovedLines: VersionMade
  listTakeSentences: TakeSentencesView
  planPunch: PunchPlanView
  startPunch: { recordingTakeId: string; plan: PunchPlanView }
  finishPunch: VersionMade
  cancelPunch: null
  analyzeCalibration: CalibrationView
  getCompGrid: CompGridView
  renderComp: VersionMade
  finishVersion: VersionMade
  importPickupCsv: PickupCardsView
  listPickupCards: PickupCardsView
  listUnfinishedWork: UnfinishedWorkNote[]
  dismissUnfinishedWork: null
}

/** The version work a take's note can name. */
export type UnfinishedWorkWhat =
  'pickup' | 'punch' | 'cut_restart' | 'cut_removed' | 'comp' | 'finish' | 'trim' | 'readback'

/** Work on a take that Booth stopped in the middle of, said once Booth started again, until dismissed. */
export interface UnfinishedWorkNote {
  takeId: string
  jobId: string
  /** What did not finish; null when Booth's note of it could not be read. */
  what: UnfinishedWorkWhat | null
  /** One plain sentence: what did not finish and the version the take is at now. */
  message: string
}

/** What a version under way is doing, for the take row ("Reading back version 3…"). */
export interface VersionProgress {
  /** The take being fixed; for a comp, null until its take exists. */
  takeId: string | null
  jobId: string
  stage: 'reading_back_sources' | 'finishing' | 'rendering' | 'measuring' | 'reading_back' | 'done' | 'failed'
  message: string
  /**
   * A finish's audio, written whole, that the window may play while the version is still being made
   * (issue 33, point 6): the version made from `made_from` will be this audio. Only on a finish's progress.
   */
  preview?: FinishPreview
}

export interface FinishPreview {
  /** Where the page plays it (the host's media route). */
  url: string
  length_s: number
  /** The take's current version when the finish started (the new version is made from it). */
  made_from: number
  /** The version whose audio was finished (A of the comparison). */
  base_version: number
}

export interface VersionEvents {
  versionProgress: VersionProgress
}

export const VERSION_EVENT_NAMES: { [E in keyof VersionEvents]: true } = { versionProgress: true }
