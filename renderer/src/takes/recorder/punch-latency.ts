/**
 * The input latency a punch-and-roll compensates: the recording starts when the pre-roll starts playing,
 * so what the talent says in answer to it arrives the output and the input latency late. The platform's
 * figure adds what the AudioContext reports (baseLatency + outputLatency) to the input track's `latency`
 * setting; a calibration (a click played and heard back: shared/versions/calibration-click.ts) measures the
 * whole round trip and replaces it, kept per input device. Pure apart from the Storage passed in.
 */

export interface PlatformLatency {
  baseLatency?: number | undefined
  outputLatency?: number | undefined
  /** MediaTrackSettings.latency of the input track (s), when the platform gives it. */
  inputLatency?: number | undefined
}

export interface Calibrated {
  samples: number
  sampleRate: number
  /** When it was measured (ms since the epoch). */
  at: number
}

export interface LatencyChoice {
  samples: number
  source: 'reported' | 'calibrated'
  ms: number
}

const KEY = 'booth.punch.latency'
/** The most a latency can be (the bridge's bound, at 48 kHz: 4 s). */
const MAX_SAMPLES = 192_000

const seconds = (x: number | undefined): number =>
  typeof x === 'number' && Number.isFinite(x) && x > 0 && x < 2 ? x : 0

/** The platform's figure, in frames of `sampleRate`. */
export function reportedLatency(p: PlatformLatency, sampleRate: number): LatencyChoice {
  const s = seconds(p.baseLatency) + seconds(p.outputLatency) + seconds(p.inputLatency)
  const samples = Math.min(MAX_SAMPLES, Math.round(s * sampleRate))
  return { samples, source: 'reported', ms: (samples / sampleRate) * 1000 }
}

/** The latency to use: the device's calibration (at this rate), else the platform's figure. */
export function chooseLatency(p: PlatformLatency, sampleRate: number, calibrated: Calibrated | null): LatencyChoice {
  if (calibrated) {
    const samples = Math.min(MAX_SAMPLES, Math.round((calibrated.samples * sampleRate) / calibrated.sampleRate))
    return { samples, source: 'calibrated', ms: (samples / sampleRate) * 1000 }
  }
  return reportedLatency(p, sampleRate)
}

/** "latency 42 ms, calibrated" / "latency 12 ms, as the system reports it". */
export function latencyWords(c: LatencyChoice): string {
  return `latency ${Math.round(c.ms)} ms, ${c.source === 'calibrated' ? 'calibrated' : 'as the system reports it'}`
}

function readAll(store: Pick<Storage, 'getItem'>): Record<string, Calibrated> {
  try {
    const v = JSON.parse(store.getItem(KEY) ?? '{}') as unknown
    if (!v || typeof v !== 'object' || Array.isArray(v)) return Object.create(null) as Record<string, Calibrated>
    // No prototype: a device id is data ("valueOf", "__proto__" are ids like any other).
    const out = Object.create(null) as Record<string, Calibrated>
    for (const [device, c] of Object.entries(v as Record<string, unknown>)) {
      const { samples, sampleRate, at } = (c ?? {}) as Record<string, unknown>
      if (
        typeof samples === 'number' &&
        Number.isInteger(samples) &&
        samples >= 0 &&
        samples <= MAX_SAMPLES &&
        typeof sampleRate === 'number' &&
        sampleRate >= 8000 &&
        sampleRate <= 192_000 &&
        typeof at === 'number'
      ) {
        out[device] = { samples, sampleRate, at }
      }
    }
    return out
  } catch {
    // A damaged entry is the same as none: the platform's figure is used.
    return Object.create(null) as Record<string, Calibrated>
  }
}

/** The calibration kept for an input device ('' is the system default input). */
export function loadCalibration(store: Pick<Storage, 'getItem'>, deviceId: string): Calibrated | null {
  const all = readAll(store)
  return Object.prototype.hasOwnProperty.call(all, deviceId) ? (all[deviceId] ?? null) : null
}

export function saveCalibration(store: Pick<Storage, 'getItem' | 'setItem'>, deviceId: string, c: Calibrated): void {
  store.setItem(KEY, JSON.stringify({ ...readAll(store), [deviceId]: c }))
}

export function forgetCalibration(store: Pick<Storage, 'getItem' | 'setItem'>, deviceId: string): void {
  const all = readAll(store)
  delete all[deviceId]
  store.setItem(KEY, JSON.stringify(all))
}
