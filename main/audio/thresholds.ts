/**
 * Every threshold the preflight judges a take by, in one module, each with its reason and source.
 * Change a number here and the warnings, the tests' fixture pairs and the docs follow.
 */

import type { RoomToneRules } from '../../shared/audio-dsp/room-tone'

/** Shortest run of silence that counts at the head or tail of a take.
 * Reason: 50 ms is shorter than any pause worth reporting and longer than a waveform's quiet stretch
 * around a zero crossing at speech frequencies, so tones and voices never read as silent. */
export const SILENCE_MIN_S = 0.05

/** Shortest pause inside a take that is not counted as voiced time (voiced_s = duration − such pauses).
 * Reason: gaps between words and stop consonants last up to ~250 ms in read speech; a pause of 300 ms or
 * more is a deliberate breath or beat, which a producer would cut or keep, not voice. */
export const PAUSE_MIN_S = 0.3

/** Spot length tolerance: a take runs long/short when it differs from the job's length_s by more than
 * max(LENGTH_TOLERANCE_S, LENGTH_TOLERANCE_RATIO × length_s).
 * Reason: broadcast spots are sold to the second and trafficked as :15/:30/:60 units; stations and
 * traffic systems commonly accept ±0.5 s on a spot (a :30 delivered at 29.5–30.5 s). For long reads
 * (narration, e-learning, several minutes) a fixed half-second is stricter than anyone works to, so the
 * tolerance grows to 1 % of the length above 50 s. */
export const LENGTH_TOLERANCE_S = 0.5
export const LENGTH_TOLERANCE_RATIO = 0.01

/** Shortest run of equal samples at a channel's extreme that is clipping, by the file's bit depth.
 * Reason: a clipper or limiter writes its ceiling value on consecutive samples, at whatever level it clips
 * (0 dBFS or -3 dBFS). A clean waveform repeats its exact extreme on consecutive samples only when the
 * quantisation step is coarse compared with its slope at the crest: never at 24 bits or in float, up to
 * 3-4 samples for a loud low note at 16 bits, more with 8-bit µ-law/A-law steps. So 3 samples at 24 bits
 * and above (and decoded lossy audio), 5 at 16 bits, 8 at 8 bits. A sine normalised to -0.1 dBFS, whose
 * crest is a single sample, is not clipping. */
export function clipMinRun(bitDepth: number | null): number {
  if (bitDepth !== null && bitDepth <= 8) return 8
  if (bitDepth !== null && bitDepth <= 16) return 5
  return 3
}

/** A DC offset (mean of a channel, full scale 1) at or above this is reported.
 * Reason: 0.1 % of full scale (-60 dBFS) is where an offset starts to cost headroom and to click at edits
 * and fades; interfaces in good order stay well below it. At 1 % (-40 dBFS) it is a problem to fix. */
export const DC_OFFSET_NOTE = 0.001
export const DC_OFFSET_PROBLEM = 0.01

/** How the take's noise floor and its silences are found (shared/audio-dsp/room-tone.ts).
 * - the floor is measured on steady stretches of 300 ms (six back-to-back 50 ms windows within 10 dB of
 *   each other): the median level of those within 6 dB of the quietest. 300 ms is the shortest deliberate
 *   pause (below), so a take with a real pause, head or tail has such a stretch, and a dense read trimmed
 *   tight has none: its floor is unknown, never the dips between its syllables. A 50 ms window averages
 *   hiss to within ±1 dB and hum, buzz and low rumble to within a few dB, while speech swings by 20 dB
 *   and more between syllables within 300 ms.
 * - margin 6 dB: hiss and hum vary less than ±1 dB between windows; the softest voiced sound sits well
 *   more than 6 dB above its room.
 * - room tone is at least 20 dB below the sound of the take (the 90th percentile of the 50 ms windows
 *   above floor plus margin): a poor room sits 25-30 dB under a voice delivered at -23 to -18 dB RMS
 *   (ACX), a clean one 40 dB and more, while a sustained vowel is within 20 dB of the loud ones. The test
 *   is relative, not absolute, so a take under a loud buzz (a hum's harmonics and a ground loop pass the
 *   100 Hz high-pass) still has its silences.
 * - a take with nothing standing 20 dB above its floor is all room tone when no louder than -40 dBFS RMS
 *   (louder than any booth worth recording in, 17 dB below the quietest level a voice is delivered at,
 *   ACX -23 dB RMS), else all voice with no silence (a tone, a read with no pauses).
 * - always silent below -70 dBFS RMS: BS.1770's absolute gate; nothing that quiet is heard as voice, and it
 *   gives a take of digital silence plus sound a threshold.
 * - a run of blocks above the threshold is sound when it lasts 50 ms or rises 10 dB over the threshold:
 *   a syllable lasts longer and a click or a stop's burst stands well clear of the room, while low
 *   rumble and the swells of a room tone cross the threshold for a block or a few at a time, a few dB
 *   at most, and would otherwise split a head or tail.
 * - a silence starting within the first 50 ms is the head: the 100 Hz high-pass needs that long to settle
 *   when a take starts on hum.
 * - pauses of 300 ms and more are not voiced time: gaps between words and stop consonants last up to
 *   ~250 ms in read speech; 300 ms or more is a deliberate breath or beat. */
export const ROOM_TONE_RULES: RoomToneRules = {
  windowS: 0.05,
  stretchS: PAUSE_MIN_S,
  steadyDb: 10,
  marginDb: 6,
  minSnrDb: 20,
  voicePercentile: 90,
  roomOnlyCeilingDbfs: -40,
  alwaysSilentDbfs: -70,
  minSoundS: 0.05,
  soundRiseDb: 10,
  minSpanS: SILENCE_MIN_S,
  settleS: 0.05,
  pauseMinS: PAUSE_MIN_S,
}

/** Below this sample rate the take is not broadcast quality.
 * Reason: 44.1 kHz (CD) and 48 kHz (broadcast/video, EBU Tech 3285) are the delivery rates producers ask
 * for; anything lower has lost top end that cannot be restored. */
export const MIN_SAMPLE_RATE_HZ = 44_100

/** Head silence longer than this is a warning. Reason: talent and producers trim to about a half-second
 * of room tone before the first word; more than 1 s is usually a late start after the record key. */
export const LONG_LEAD_SILENCE_S = 1.0

/** Tail silence longer than this is a warning. Reason: a take needs room for the last word's decay
 * (≈ 0.5–1 s); more than 2 s is a late stop. */
export const LONG_TAIL_SILENCE_S = 2.0

/** A file is cut short when its container states a longer duration than could be decoded by more than
 * max(TRUNCATION_SLACK_S, TRUNCATION_SLACK_RATIO × stated duration) (statedLengthCutShort in parse-input-stream.ts).
 * Reason: the stated duration is rounded, and lossy codecs' priming and padding make it differ from the
 * decoded length by a few frames; half a second, or 5 % of a long file, is well beyond that. */
export const TRUNCATION_SLACK_S = 0.5
export const TRUNCATION_SLACK_RATIO = 0.05

/** A take with no measurable loudness (all of it below the BS.1770 absolute gate) is very quiet when it is
 * longer than this; a shorter clip simply has too little audio to measure (one gating block is 400 ms). */
export const MIN_LOUDNESS_DURATION_S = 0.4

/** The API allows at most this many warnings (resources/api/talent-v1.yaml, Preflight.warnings maxItems 10). */
export const MAX_WARNINGS = 10

/** The API allows codec names of at most this many characters (resources/api/talent-v1.yaml, Preflight.codec maxLength 20). */
export const MAX_CODEC_CHARS = 20
