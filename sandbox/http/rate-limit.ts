/**
 * Fixed-window counters (the rate limits recorded in resources/api/talent-v1.yaml): the per-key request limit (default 120 per 60 s) and the per-address
 * brake on failed authentications. Time comes from the injected clock.
 */

export interface WindowLimit {
  limit: number
  windowMs: number
}

export const DEFAULT_RATE_LIMIT: WindowLimit = { limit: 120, windowMs: 60_000 }
export const DEFAULT_AUTH_BRAKE: WindowLimit = { limit: 20, windowMs: 60_000 }

export interface WindowVerdict {
  allowed: boolean
  remaining: number
  /** Whole seconds until the window resets (>= 1). */
  retryAfterS: number
}

export function checkWindowLimit(limit: WindowLimit, what: string): WindowLimit {
  if (!Number.isInteger(limit.limit) || limit.limit < 1)
    throw new Error(`The ${what} limit must be a whole number of 1 or more.`)
  if (!Number.isFinite(limit.windowMs) || limit.windowMs < 1)
    throw new Error(`The ${what} window must be 1 ms or more.`)
  return limit
}

export class FixedWindowCounter {
  private readonly windows = new Map<string, { start: number; count: number }>()

  constructor(
    private readonly config: WindowLimit,
    private readonly now: () => number,
  ) {}

  private current(id: string): { start: number; count: number } {
    const t = this.now()
    let w = this.windows.get(id)
    if (!w || t >= w.start + this.config.windowMs || t < w.start) {
      w = { start: t, count: 0 }
      this.windows.set(id, w)
      if (this.windows.size > 10_000) this.prune(t)
    }
    return w
  }

  private verdict(w: { start: number; count: number }, allowed: boolean): WindowVerdict {
    const left = w.start + this.config.windowMs - this.now()
    return {
      allowed,
      remaining: Math.max(0, this.config.limit - w.count),
      retryAfterS: Math.max(1, Math.ceil(left / 1000)),
    }
  }

  /** Count one request against `id`; refused once the window already holds `limit` requests. */
  hit(id: string): WindowVerdict {
    const w = this.current(id)
    if (w.count >= this.config.limit) return this.verdict(w, false)
    w.count += 1
    return this.verdict(w, true)
  }

  /** Whether `id` is over its limit right now, without counting anything. */
  peek(id: string): WindowVerdict {
    const w = this.current(id)
    return this.verdict(w, w.count < this.config.limit)
  }

  private prune(t: number): void {
    for (const [id, w] of this.windows) if (t >= w.start + this.config.windowMs) this.windows.delete(id)
  }
}
