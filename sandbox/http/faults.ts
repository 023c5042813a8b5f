/**
 * Fault injection for reliability tests: `--faults SPEC` / `setFaults(spec)`.
 *
 * SPEC is comma-separated `kind=value` entries, e.g.
 * `latency=300ms,rate_limited=0.1,not_saved=0.1,bad_gateway=0.05,unavailable=0.05,drop_before=0.1,drop_after=0.1,html=0.05,seed=7`.
 * Each request draws ONE number from a seeded generator and picks at most one fault kind, so the rates are
 * shares of all requests and must add up to at most 1. `latency` delays every request.
 */
import { seededRandom } from '../../shared/seeded-random'

export const FAULT_KINDS = [
  'drop_before',
  'rate_limited',
  'not_saved',
  'bad_gateway',
  'unavailable',
  'html',
  'drop_after',
] as const
export type FaultKind = (typeof FAULT_KINDS)[number]

export interface FaultSpec {
  latencyMs: number
  rates: Partial<Record<FaultKind, number>>
  seed: number
}

export const NO_FAULTS: FaultSpec = { latencyMs: 0, rates: {}, seed: 1 }

function isFaultKind(name: string): name is FaultKind {
  return (FAULT_KINDS as readonly string[]).includes(name)
}

function parseLatency(value: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(value)
  if (!m) throw new Error(`Fault latency "${value}" is not a duration; write it like 300ms or 1.5s.`)
  const n = Number(m[1]) * (m[2] === 's' ? 1000 : 1)
  if (n > 60_000) throw new Error(`Fault latency "${value}" is over the 60 s maximum.`)
  return Math.round(n)
}

/** Parse a fault SPEC string; throws an Error with one human sentence on bad input. */
export function parseFaultSpec(text: string): FaultSpec {
  const spec: FaultSpec = { latencyMs: 0, rates: {}, seed: 1 }
  const seen = new Set<string>()
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
  for (const entry of entries) {
    const eq = entry.indexOf('=')
    if (eq <= 0) throw new Error(`Fault entry "${entry}" must look like kind=value (for example not_saved=0.1).`)
    const name = entry.slice(0, eq).trim()
    const value = entry.slice(eq + 1).trim()
    if (seen.has(name)) throw new Error(`Fault "${name}" is given more than once.`)
    seen.add(name)
    if (name === 'latency') spec.latencyMs = parseLatency(value)
    else if (name === 'seed') {
      if (!/^\d{1,10}$/.test(value)) throw new Error(`Fault seed "${value}" must be a whole number.`)
      spec.seed = Number(value)
    } else if (isFaultKind(name)) {
      const rate = /^(\d+(\.\d*)?|\.\d+)$/.test(value) ? Number(value) : NaN
      if (!(rate >= 0 && rate <= 1)) throw new Error(`Fault rate "${name}=${value}" must be a number from 0 to 1.`)
      spec.rates[name] = rate
    } else {
      throw new Error(`Unknown fault "${name}"; known faults are latency, seed, ${FAULT_KINDS.join(', ')}.`)
    }
  }
  return checkFaultSpec(spec)
}

/** Check a FaultSpec object (from code rather than text) with the same rules as parseFaultSpec. */
export function checkFaultSpec(spec: FaultSpec): FaultSpec {
  if (!Number.isFinite(spec.latencyMs) || spec.latencyMs < 0) throw new Error('Fault latency must be 0 ms or more.')
  if (!Number.isInteger(spec.seed) || spec.seed < 0) throw new Error('Fault seed must be a whole number of 0 or more.')
  let total = 0
  for (const [name, rate] of Object.entries(spec.rates)) {
    if (!isFaultKind(name)) throw new Error(`Unknown fault "${name}".`)
    if (typeof rate !== 'number' || !(rate >= 0 && rate <= 1))
      throw new Error(`Fault rate of ${name} must be a number from 0 to 1.`)
    total += rate
  }
  if (total > 1 + 1e-9)
    throw new Error(`Fault rates add up to ${Number(total.toFixed(6))}; they must add up to at most 1.`)
  return spec
}

export interface FaultInjector {
  readonly spec: FaultSpec
  /** The fault for the next request, or null; draws once from the seeded generator. */
  next(): FaultKind | null
}

export function createFaultInjector(spec: FaultSpec): FaultInjector {
  const random = seededRandom(spec.seed)
  const active = FAULT_KINDS.filter((k) => (spec.rates[k] ?? 0) > 0)
  return {
    spec,
    next() {
      if (active.length === 0) return null
      const u = random()
      let edge = 0
      for (const kind of active) {
        edge += spec.rates[kind] ?? 0
        if (u < edge) return kind
      }
      return null
    },
  }
}

/** A FaultSpec from either form the server accepts. */
export function toFaultSpec(input: string | FaultSpec | undefined): FaultSpec {
  if (input === undefined) return NO_FAULTS
  return typeof input === 'string' ? parseFaultSpec(input) : checkFaultSpec({ ...input, rates: { ...input.rates } })
}
