/**
 * Runtime checks for values that cross the bridge (renderer → main). Tiny on purpose: each checker
 * returns the value typed, or throws BridgeArgumentError with a sentence naming the field.
 */
export class BridgeArgumentError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BridgeArgumentError'
  }
}

export type Check<T> = (value: unknown, path: string) => T
export type Checked<C> = C extends Check<infer T> ? T : never

const fail = (path: string, what: string): never => {
  throw new BridgeArgumentError(`${path} ${what}.`)
}

export const str =
  (opts: { min?: number; max?: number; pattern?: RegExp } = {}): Check<string> =>
  (v, path) => {
    if (typeof v !== 'string') return fail(path, 'must be text')
    if (opts.min !== undefined && v.length < opts.min) fail(path, `must be at least ${opts.min} characters`)
    if (opts.max !== undefined && v.length > opts.max) fail(path, `must be at most ${opts.max} characters`)
    if (opts.pattern && !opts.pattern.test(v)) fail(path, 'is not in the expected format')
    return v
  }

export const int =
  (opts: { min?: number; max?: number } = {}): Check<number> =>
  (v, path) => {
    if (typeof v !== 'number' || !Number.isInteger(v)) return fail(path, 'must be a whole number')
    if (opts.min !== undefined && v < opts.min) fail(path, `must be at least ${opts.min}`)
    if (opts.max !== undefined && v > opts.max) fail(path, `must be at most ${opts.max}`)
    return v
  }

export const num =
  (opts: { min?: number; max?: number } = {}): Check<number> =>
  (v, path) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) return fail(path, 'must be a number')
    if (opts.min !== undefined && v < opts.min) fail(path, `must be at least ${opts.min}`)
    if (opts.max !== undefined && v > opts.max) fail(path, `must be at most ${opts.max}`)
    return v
  }

export const bool: Check<boolean> = (v, path) => (typeof v === 'boolean' ? v : fail(path, 'must be true or false'))

export const oneOf =
  <const T extends readonly (string | number)[]>(values: T): Check<T[number]> =>
  (v, path) =>
    (values as readonly unknown[]).includes(v) ? (v as T[number]) : fail(path, `must be one of ${values.join(', ')}`)

export const nullable =
  <T>(inner: Check<T>): Check<T | null> =>
  (v, path) =>
    v === null ? null : inner(v, path)

export const optional =
  <T>(inner: Check<T>): Check<T | undefined> =>
  (v, path) =>
    v === undefined ? undefined : inner(v, path)

export const list =
  <T>(inner: Check<T>, opts: { min?: number; max?: number; unique?: boolean } = {}): Check<T[]> =>
  (v, path) => {
    if (!Array.isArray(v)) return fail(path, 'must be a list')
    if (opts.min !== undefined && v.length < opts.min)
      fail(path, `must hold at least ${opts.min} item${opts.min === 1 ? '' : 's'}`)
    if (opts.max !== undefined && v.length > opts.max) fail(path, `must hold at most ${opts.max} items`)
    const out = v.map((item, i) => inner(item, `${path}[${i}]`))
    if (opts.unique && new Set(out).size !== out.length) fail(path, 'must not repeat an item')
    return out
  }

type Shape = Record<string, Check<unknown>>
type ShapeOf<S extends Shape> = {
  [K in keyof S as undefined extends Checked<S[K]> ? never : K]: Checked<S[K]>
} & {
  [K in keyof S as undefined extends Checked<S[K]> ? K : never]?: Checked<S[K]>
}

/** An object with exactly these fields; unknown fields are refused so nothing unexpected reaches main. */
export const obj =
  <S extends Shape>(shape: S): Check<ShapeOf<S>> =>
  (v, path) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(path, 'must be an object')
    const record = v as Record<string, unknown>
    // Own fields only: `key in shape` would let through the names every object inherits (constructor, __proto__, toString).
    for (const key of Object.keys(record))
      if (!Object.prototype.hasOwnProperty.call(shape, key)) fail(`${path}.${key}`, 'is not an accepted field')
    const out: Record<string, unknown> = {}
    for (const [key, check] of Object.entries(shape)) {
      const value = check(record[key], `${path}.${key}`)
      if (value !== undefined) out[key] = value
    }
    return out as ShapeOf<S>
  }

/** An API id (job, customer, voice, delivery, attachment…), the API's id format (ApiId in resources/api/talent-v1.yaml). */
export const API_ID_PATTERN = /^[1-9][0-9]{0,9}$/
export const apiId: Check<string> = str({ pattern: API_ID_PATTERN })
/** A take id, Booth's own: it names the take's metadata files. */
export const TAKE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/
export const takeId: Check<string> = str({ min: 1, max: 64, pattern: TAKE_ID_PATTERN })
