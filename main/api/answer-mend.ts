/**
 * Leaving out the parts of an answer Booth can do without (the "spare parts" of spare-parts.ts) when
 * they do not conform to the API document, so one damaged pronunciation or a direction that is not text
 * never hides a whole job. The door (answer-door.ts) calls it with the checker's errors of an answer:
 *
 * - each error is put to the most specific spare part that holds it (a part's path below its base, `*`
 *   standing for any item of a list);
 * - a part is mended: an item of a list is taken out of it, a field gets its neutral value (null, an
 *   empty list, empty directions); a part inside a part that is mended too is left to the outer one;
 * - the object at the base (the job) gets one plain sentence per kind of part left out, in
 *   LEFT_OUT_FIELD (shared/api-read.ts), counted ("2 pronunciations from the producer could not be read
 *   and are not shown.").
 *
 * Errors no spare part holds are not touched here: the door deals with them as before (an unreadable row
 * of a list, or an answer Booth cannot read at all). The script, the job's id and every other field not
 * listed as spare are never left out.
 */
import type { ErrorObject } from 'ajv'
import { LEFT_OUT_FIELD } from '../../shared/api-read'

/** Take the item out of its list. */
export const DROP = Symbol('drop the item')

export interface SparePart {
  /** Its path below the base, '/'-separated; `*` is any item of a list (only as the last step of a DROP). */
  at: string
  /** DROP, or the neutral value that takes its place (copied each time). */
  mend: typeof DROP | null | string | number | boolean | readonly unknown[] | Readonly<Record<string, unknown>>
  /** The plain sentence of `count` such parts left out. */
  note: (count: number) => string
}

export interface SpareParts {
  /** Where the object the parts belong to sits in the answer, e.g. 'job' or 'items/*'. */
  base: string
  parts: readonly SparePart[]
}

/** One part left out, for callers that count (the tests). */
export interface LeftOutPart {
  /** JSON pointer of the part as the service sent it. */
  pointer: string
  part: SparePart
}

type Holder = Record<string | number, unknown>

const steps = (path: string): string[] => (path === '' ? [] : path.split('/'))

/** The error's place as steps from the answer's root (a missing field is the field's own place). */
function errorSteps(error: ErrorObject): string[] {
  const at = error.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty?: unknown }).missingProperty
    if (typeof missing === 'string') at.push(missing)
  }
  return at
}

/** How many leading steps of `path` the pattern matches (null when it does not). */
function matchPrefix(pattern: readonly string[], path: readonly string[]): number | null {
  if (path.length < pattern.length) return null
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i]
    const got = path[i] ?? ''
    if (want === '*' ? !/^\d+$/.test(got) : want !== got) return null
  }
  return pattern.length
}

function childOf(node: unknown, key: string): unknown {
  if (Array.isArray(node)) return /^\d+$/.test(key) ? node[Number(key)] : undefined
  return typeof node === 'object' && node !== null ? (node as Holder)[key] : undefined
}

function at(body: unknown, path: readonly string[]): unknown {
  let cur = body
  for (const key of path) cur = childOf(cur, key)
  return cur
}

const isRecord = (v: unknown): v is Holder => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The objects at `base` in the answer (each item of a list for a `*`), with their concrete paths. */
function basesOf(
  body: unknown,
  base: readonly string[],
  prefix: string[] = [],
): Array<{ path: string[]; value: Holder }> {
  if (base.length === 0) return isRecord(body) ? [{ path: prefix, value: body }] : []
  const [first, ...rest] = base
  if (first === '*') {
    return Array.isArray(body) ? body.flatMap((item, i) => basesOf(item, rest, [...prefix, String(i)])) : []
  }
  return basesOf(childOf(body, first ?? ''), rest, [...prefix, first ?? ''])
}

/** A service's own field of the notes' name is never taken for Booth's notes. */
export function forgetSentNotes(body: unknown, spare: SpareParts): void {
  for (const { value } of basesOf(body, steps(spare.base))) delete value[LEFT_OUT_FIELD]
}

/**
 * Mends the spare parts the errors are about, in place, and notes them on their bases. Returns the parts
 * left out (none when no error is about a spare part).
 */
export function mendSpareParts(body: unknown, errors: readonly ErrorObject[], spare: SpareParts): LeftOutPart[] {
  const base = steps(spare.base)
  const parts = spare.parts.map((part) => ({ part, pattern: steps(part.at) }))
  // The most specific part that holds each error, by its concrete place.
  const chosen = new Map<string, { path: string[]; base: string[]; part: SparePart }>()
  for (const error of errors) {
    const path = errorSteps(error)
    const baseLength = matchPrefix(base, path)
    if (baseLength === null) continue
    const below = path.slice(baseLength)
    let best: { part: SparePart; length: number } | null = null
    for (const { part, pattern } of parts) {
      const length = matchPrefix(pattern, below)
      if (length !== null && (!best || length > best.length)) best = { part, length }
    }
    if (!best) continue
    const target = path.slice(0, baseLength + best.length)
    chosen.set(target.join('/'), { path: target, base: path.slice(0, baseLength), part: best.part })
  }
  // A part inside another mended part goes with it.
  const keys = [...chosen.keys()]
  const outer = [...chosen.values()].filter(
    (c) => !keys.some((k) => k !== c.path.join('/') && c.path.join('/').startsWith(`${k}/`)),
  )
  // Values first, then items out of their lists from the last, so no index moves before it is used.
  const ordered = [...outer].sort((a, b) => {
    const aDrop = a.part.mend === DROP ? 1 : 0
    const bDrop = b.part.mend === DROP ? 1 : 0
    if (aDrop !== bDrop) return aDrop - bDrop
    return Number(b.path[b.path.length - 1]) - Number(a.path[a.path.length - 1]) || 0
  })
  const done: LeftOutPart[] = []
  for (const c of ordered) {
    const parent = at(body, c.path.slice(0, -1))
    const key = c.path[c.path.length - 1] ?? ''
    if (c.part.mend === DROP) {
      if (!Array.isArray(parent) || !/^\d+$/.test(key)) continue
      parent.splice(Number(key), 1)
    } else {
      if (typeof parent !== 'object' || parent === null) continue
      ;(parent as Holder)[key] = structuredClone(c.part.mend)
    }
    done.push({ pointer: `/${c.path.join('/')}`, part: c.part })
  }
  noteOnBases(body, done, spare)
  return done
}

function noteOnBases(body: unknown, done: readonly LeftOutPart[], spare: SpareParts): void {
  const baseLength = steps(spare.base).length
  const byBase = new Map<string, Map<SparePart, number>>()
  for (const d of done) {
    const key = d.pointer
      .split('/')
      .slice(1, baseLength + 1)
      .join('/')
    const counts = byBase.get(key) ?? new Map<SparePart, number>()
    counts.set(d.part, (counts.get(d.part) ?? 0) + 1)
    byBase.set(key, counts)
  }
  for (const [key, counts] of byBase) {
    const holder = at(body, steps(key))
    if (!isRecord(holder)) continue
    const before = Array.isArray(holder[LEFT_OUT_FIELD]) ? (holder[LEFT_OUT_FIELD] as string[]) : []
    // In the order of the table, so the same damage always reads the same.
    const notes = spare.parts.filter((p) => counts.has(p)).map((p) => p.note(counts.get(p) ?? 1))
    holder[LEFT_OUT_FIELD] = [...before, ...notes.filter((n) => !before.includes(n))]
  }
}
