/**
 * Every threshold the preflight judges a take by, in one module, each with its reason and source.
 * Change a number here and the warnings, the tests' fixture pairs and the docs follow.
 */

/** Silence is audio below this sample level in every channel (the silencedetect `noise` threshold).
 * Reason: a treated home booth's noise floor sits around -60 dBFS (ACX asks for ≤ -60 dB RMS); -50 dBFS
 * leaves 10 dB of margin, so room tone counts as silence while the softest breathy word (≈ -40 dBFS peaks)
 * does not. */
export const SILENCE_THRESHOLD_DBFS = -50

/** Shortest run below SILENCE_THRESHOLD_DBFS that counts as silence at the head or tail of a take.
 * Reason: 50 ms is shorter than any pause worth reporting and longer than a waveform's zero crossing at
 * speech frequencies (≥ 80 Hz: ≤ 6 ms below -50 dBFS per crossing), so tones and voices never read as silent. */
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

/** Sample peak at or above this is clipping (a digital over, or a peak with no headroom left).
 * Reason: a sample at -0.1 dBFS is within 1.2 % of full scale; converters and lossy encoders turn such peaks
 * into inter-sample overs, and recorders that clip write their samples at 0 dBFS exactly. (A count of samples
 * at the peak is not used: a clean synthetic tone or a 16-bit quantised peak repeats its exact peak value
 * thousands of times, so the count cannot tell clipping from a steady tone.) */
export const CLIPPING_PEAK_DBFS = -0.1

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

/** Loudness window per job kind, integrated (EBU R128 / ITU-R BS.1770) in LUFS, plus a sample-peak ceiling.
 * Loudness is measured as ffmpeg's ebur128 does by default: a mono file counts as one channel (not
 * dual-mono), so a mono voice reads 3 LU lower than the same voice played on two speakers. */
export interface LoudnessRule {
  veryQuietBelowLufs: number
  veryLoudAboveLufs: number
  /** Sample peak above this is "very loud" for this kind; null = only the clipping rule applies. */
  peakCeilingDbfs: number | null
  reason: string
}

export const LOUDNESS_RULES: Record<'dry_voice' | 'finished_spot' | 'not_set', LoudnessRule> = {
  finished_spot: {
    // EBU R128 targets −23 LUFS (±1 LU where exact normalisation is not possible); ATSC A/85 targets
    // −24 LKFS ±2 dB. The window accepts both markets: −26 … −21 LUFS (A/85's floor, R128's +2 LU).
    veryQuietBelowLufs: -26,
    veryLoudAboveLufs: -21,
    // EBU R128 caps true peak at −1 dBTP (A/85 at −2 dBTP); the sample peak is a lower bound of the true
    // peak, so a sample peak above −1 dBFS already breaks the R128 ceiling.
    peakCeilingDbfs: -1,
    reason: 'A finished spot airs as delivered: EBU R128 (-23 LUFS, max -1 dBTP) / ATSC A/85 (-24 LKFS, max -2 dBTP).',
  },
  dry_voice: {
    // Raw voice is processed and mixed later, so only the extremes matter. ACX (the best published spec for
    // raw voice delivery) asks for −23 … −18 dB RMS with peaks ≤ −3 dB; a take below −30 LUFS has its voice
    // near the noise floor, one above −14 LUFS was recorded too hot (or heavily compressed) to leave headroom.
    veryQuietBelowLufs: -30,
    veryLoudAboveLufs: -14,
    peakCeilingDbfs: null,
    reason: 'Dry voice is mixed later: only a take near the noise floor or without headroom is flagged (ACX raw-voice practice).',
  },
  not_set: {
    // No kind given: Booth's own takes are voice recordings, so judge as dry voice (the wider window) rather
    // than raise broadcast-loudness warnings the talent cannot act on.
    veryQuietBelowLufs: -30,
    veryLoudAboveLufs: -14,
    peakCeilingDbfs: null,
    reason: 'Kind not set: judged as dry voice, the wider window.',
  },
}

/** A take with no measurable loudness (all of it below the BS.1770 absolute gate) is very quiet when it is
 * longer than this; a shorter clip simply has too little audio to measure (one gating block is 400 ms). */
export const MIN_LOUDNESS_DURATION_S = 0.4

/** The API allows at most this many warnings (seed 000, Limits: preflight warnings max 10). */
export const MAX_WARNINGS = 10

/** The API allows codec names of at most this many characters (seed 000, Limits: codec max 20). */
export const MAX_CODEC_CHARS = 20
