/**
 * A second-order IIR section (transposed direct form II), one state per channel, run in double precision.
 * Coefficients are normalised (a0 = 1). Pure; used by the K-weighting and the room-tone high-pass.
 */
export interface BiquadCoefficients {
  b0: number
  b1: number
  b2: number
  a1: number
  a2: number
}

export class Biquad {
  /** Filter state; public so a hot loop may keep it in local variables and write it back. */
  z1 = 0
  z2 = 0

  constructor(private readonly c: BiquadCoefficients) {}

  get coefficients(): BiquadCoefficients {
    return this.c
  }

  /** Sets the state as if `x` had been the input forever (a DC offset then causes no start transient); returns the steady output. */
  prime(x: number): number {
    const { b0, b1, b2, a1, a2 } = this.c
    const y = (x * (b0 + b1 + b2)) / (1 + a1 + a2)
    this.z2 = b2 * x - a2 * y
    this.z1 = b1 * x - a1 * y + this.z2
    return y
  }

  step(x: number): number {
    const { b0, b1, b2, a1, a2 } = this.c
    const y = b0 * x + this.z1
    this.z1 = b1 * x - a1 * y + this.z2
    this.z2 = b2 * x - a2 * y
    return y
  }
}

/** Butterworth-style high-pass (RBJ cookbook) at `hz` with quality `q`, for `sampleRate`. */
export function highPass(hz: number, q: number, sampleRate: number): BiquadCoefficients {
  const w = (2 * Math.PI * hz) / sampleRate
  const alpha = Math.sin(w) / (2 * q)
  const cos = Math.cos(w)
  const a0 = 1 + alpha
  return {
    b0: (1 + cos) / 2 / a0,
    b1: -(1 + cos) / a0,
    b2: (1 + cos) / 2 / a0,
    a1: (-2 * cos) / a0,
    a2: (1 - alpha) / a0,
  }
}

/** Q of the two sections of a 4th-order Butterworth filter. */
export const BUTTERWORTH4_Q: readonly [number, number] = [0.5411961001461969, 1.3065629648763766]
