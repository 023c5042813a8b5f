/**
 * Every threshold the preflight judges a take by, in one module, each with its reason and source.
 * Change a number here and the warnings, the tests' fixture pairs and the docs follow.
 */

import type { RoomToneRules } from '../../shared/audio-dsp/room-tone'
import type { FullScale } from '../../shared/audio-dsp/take-facts'
import { FLOAT_FULL_SCALE } from '../../shared/audio-dsp/take-facts'

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

/** Shortest run of equal samples at a clipping level (shared/audio-dsp/clip-plateaus.ts) that is clipping, by the file's bit depth
 * (the least at any level: clipRule raises it where the format's steps are coarse beside the level).
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

/** The ffmpeg pass takes the true peak's value from ebur128 and places it with Booth's own 4x meter, which
 * looks only for peaks within this many dB of the profile's true-peak ceiling (below, no finding needs a time).
 * Reason: the two 4x interpolators agree within a few tenths of a dB (BS.1770-4 allows a 4x meter to read up
 * to 0.7 dB under the ideal near Nyquist); 1 dB leaves room for that, and skipping quieter windows keeps the
 * meter nearly free on takes that stay under the ceiling. */
export const TRUE_PEAK_LOCATE_MARGIN_DB = 1

const companded = (codec: string | null): boolean => codec === 'pcm_mulaw' || codec === 'pcm_alaw'
const linearInteger = (codec: string | null, bitDepth: number | null): bitDepth is number =>
  bitDepth !== null && codec !== null && !/^pcm_f/.test(codec) && !companded(codec)

/** Where a sample is an over, by the file's codec and bit depth (ffmpeg decodes every format to ±1).
 * Reason: an over is a sample at the largest code value the format can store, of either sign. Linear integer
 * PCM stores one code more below zero than above, so its positive full scale is 1 − 1/2^(bits−1) (16-bit
 * 32767, 24-bit 8388607, unsigned 8-bit 255). Float and decoded lossy audio have no largest code, so ±1.
 * Neither have µ-law and A-law, in effect: their largest code (±32124/32768, ±32256/32768) stands for every
 * level from 0.3 dB under full scale up, so a clean sine at -0.1 dBFS sits on it; their clipping shows as
 * runs on it longer than a clean crest makes (clipRule). */
export function fullScaleOf(codec: string | null, bitDepth: number | null): FullScale {
  return linearInteger(codec, bitDepth) ? { positive: 1 - 2 ** -(bitDepth - 1), negative: -1 } : FLOAT_FULL_SCALE
}

/** The lowest frequency whose clean crest, at any level, is not taken for clipping (clipRule).
 * Reason: below the fundamental of the deepest voices (about 70 Hz) and at mains hum; a full-level sine
 * lower than this in a take is rumble for a high-pass, not a crest to protect. */
export const CLIP_LOWEST_HZ = 50

/** The quantisation step at a level (|value|, full scale 1): µ-law and A-law double their step with each
 * doubling of level, from 1/32 of the level at the top of a segment to 1/16 at its foot (ffmpeg's tables:
 * 1024 in 16-bit units from 16764 up); linear integer PCM has one step everywhere; float and lossy none. */
function quantisationStep(codec: string | null, bitDepth: number | null, level: number): number {
  if (companded(codec)) return 2 ** Math.ceil(Math.log2(level * 1024)) / 32768
  return linearInteger(codec, bitDepth) ? 2 ** -(bitDepth - 1) : 0
}

export interface ClipRule {
  minRun: number
  /** Shortest run that is clipping at a level (|value|). */
  minRunAt: (level: number) => number
  fullScale: FullScale
}

/** How clipping is found in a file of this codec, bit depth and rate.
 * Reason: a clean waveform lingers at its crest while it is within one quantisation step q of it: a sine of
 * amplitude A and frequency f stays within q of its crest for √(2q/A)·fs/(π·f) samples. Where the step is
 * coarse beside the level (8-bit PCM, µ-law and A-law, 16 bits at low levels) that is longer than
 * clipMinRun: a 100 Hz sine at -0.1 dBFS holds µ-law's top code for 33 samples at 48 kHz, and would be
 * called clipping. So a run counts only when it outlasts the crest of a CLIP_LOWEST_HZ sine at its level, by
 * one sample, and is never shorter than clipMinRun. At 24 bits and in float that is clipMinRun everywhere;
 * at 16 bits too from -6 dBFS up at 48 kHz. µ-law's top code needs 79 samples at 48 kHz and 14 at 8 kHz,
 * 8-bit PCM 40 at 48 kHz near full scale: clipping with shorter flat tops cannot be told from a clean
 * crest in those formats. */
export function clipRule(codec: string | null, bitDepth: number | null, sampleRate: number): ClipRule {
  const minRun = clipMinRun(bitDepth)
  return {
    minRun,
    fullScale: fullScaleOf(codec, bitDepth),
    minRunAt: (level) => {
      const q = quantisationStep(codec, bitDepth, level)
      if (!(q > 0) || !(level > 0)) return minRun
      return Math.max(minRun, Math.ceil((Math.sqrt((2 * q) / level) * sampleRate) / (Math.PI * CLIP_LOWEST_HZ)) + 1)
    },
  }
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
 * - a floor below -150 dBFS RMS is digital silence (reported as none, like exact zeros): 24-bit PCM's last
 *   bit is at -138 dBFS and the quietest converters' noise near -125 dBFS, so nothing recorded is quieter;
 *   what sits there is the high-pass's decaying residue of a sound followed by exact zeros (-1000 dB).
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
  digitalSilenceDbfs: -150,
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
