/**
 * A word's rivals, proposed ("rival" is the read-back's one word for what it once also called a
 * competitor): words that compete with each word of the script in the recogniser's language model, so that a misread
 * gets a fair chance to be heard as itself: the other members of its class (days, months, numbers,
 * ordinals: class-words.ts) and the real words that sound closest (from the pronunciation dictionary: one sound changed,
 * added or dropped; for longer words and names, up to two, or the same beginning with another ending).
 * Negations are handled by sentence variants (negation-variants.ts), not here. The rules class-members and sound-alikes
 * (rules/) put these in the model; model-rivals.ts reads back the rivals the model kept, for the doubt filter.
 */
import { mainSlices, type Slicer } from '../../process/slices'
import type { Dictionary } from '../script/pronunciations'
import { distanceAt, phoneCodes, phoneId } from './phone-distance'

/** The words of one length (in phones), their codes one after another: word k's are at k × length. */
interface Bucket {
  words: string[]
  phones: Uint8Array
}

/**
 * The dictionary's allowed words as phone codes, grouped by length, and the neighbours found so far:
 * built once per dictionary and allowed set, so the takes of one script cost the search once.
 */
interface PhoneIndex {
  byLength: Map<number, Bucket>
  found: Map<string, string[]>
}

const ANY = new Set<string>()
const indexes = new WeakMap<Dictionary, WeakMap<ReadonlySet<string>, Promise<PhoneIndex>>>()

/** The index of a dictionary and allowed set, built once (in slices) and shared by every caller meanwhile. */
function phoneIndex(dict: Dictionary, allowed: ReadonlySet<string> | null, slices: Slicer): Promise<PhoneIndex> {
  let perDict = indexes.get(dict)
  if (!perDict) {
    perDict = new WeakMap()
    indexes.set(dict, perDict)
  }
  let index = perDict.get(allowed ?? ANY)
  if (!index) {
    index = buildIndex(dict, allowed, slices)
    perDict.set(allowed ?? ANY, index)
  }
  return index
}

async function buildIndex(dict: Dictionary, allowed: ReadonlySet<string> | null, slices: Slicer): Promise<PhoneIndex> {
  const growing = new Map<number, { words: string[]; codes: number[] }>()
  for (const [word, variants] of dict) {
    if (slices.due()) await slices.turn()
    if (!/^[a-z]+$/.test(word) || (allowed && !allowed.has(word))) continue
    const phones = phoneCodes(variants[0] as string)
    let bucket = growing.get(phones.length)
    if (!bucket) growing.set(phones.length, (bucket = { words: [], codes: [] }))
    bucket.words.push(word)
    for (const p of phones) bucket.codes.push(p)
  }
  const byLength = new Map<number, Bucket>()
  for (const [length, { words, codes }] of growing) byLength.set(length, { words, phones: Uint8Array.from(codes) })
  return { byLength, found: new Map() }
}

export interface NeighbourOptions {
  /** Words allowed as neighbours (e.g. the general model's vocabulary); null: any dictionary word. */
  allowed: ReadonlySet<string> | null
  /** How likely each allowed word is (log10), to prefer common words among equally close ones. */
  likelihood?: ReadonlyMap<string, number>
  /** How many neighbours at most. */
  limit: number
  /** Allow two changes and other endings (names, long words). */
  wide: boolean
}

/**
 * Real words that sound closest to `pronunciations` (the script word's, as phone strings), closest first,
 * without the script word itself or anything that sounds exactly like it; for a wide search (names, long
 * words) also up to half as many again of its family: the same beginning or the same end with another
 * part ("Hollis" and "Hollister", "Brightwater" and "Bridgewater", "Fairfield" and "Fairview").
 */
export async function soundNeighbours(
  word: string,
  pronunciations: readonly string[],
  dict: Dictionary,
  options: NeighbourOptions,
  slices: Slicer = mainSlices,
): Promise<string[]> {
  const index = await phoneIndex(dict, options.allowed, slices)
  const key = `${word} ${options.wide ? 'wide' : 'near'} ${options.limit} ${pronunciations.join(',')}`
  const known = index.found.get(key)
  if (known) return known
  const own = pronunciations.map(phoneCodes)
  const max = options.wide ? 2 : 1
  // near: one sound changed, added or dropped; family (wide only): two, or another beginning or end.
  const near = new Map<string, number>()
  const family = new Map<string, number>()
  const keep = (m: Map<string, number>, w: string, d: number) => {
    const prev = m.get(w)
    if (prev === undefined || d < prev) m.set(w, d)
  }
  for (const target of own) {
    if (target.length < 2) continue
    const longest = options.wide ? target.length + 4 : target.length + max
    for (let len = Math.max(1, target.length - (options.wide ? 3 : max)); len <= longest; len++) {
      const bucket = index.byLength.get(len)
      if (!bucket) continue
      const { words, phones } = bucket
      for (let k = 0; k < words.length; k++) {
        if (slices.due()) await slices.turn()
        const other = words[k] as string
        if (other === word) continue
        const at = k * len
        const d = distanceAt(target, phones, at, len, max)
        if (d > 0 && d <= 1) keep(near, other, d)
        if (!options.wide || d <= 1) continue
        // Two changes, or the same beginning or end: closer the more of the script word it keeps and the less it adds.
        const shared = Math.max(commonPrefix(target, phones, at, len), commonSuffix(target, phones, at, len))
        const kin =
          shared >= 3 && shared * 5 >= target.length * 3
            ? target.length - shared + Math.abs(len - target.length) / 2
            : Infinity
        if (Math.min(d, kin) !== Infinity) keep(family, other, Math.min(d, kin))
      }
    }
  }
  // Anything that sounds exactly like one of the script word's readings is the same word to the ear, and so
  // is one that only drops or adds an /h/ before it ("Harbor" and "arbor"): a weak breath that voices drop.
  const same = (p: string) => {
    const e = withoutH(phoneCodes(p))
    return own.some((o) => {
      const x = withoutH(o)
      return x.length === e.length && x.every((v, k) => v === e[k])
    })
  }
  const like = options.likelihood
  const ranked = (m: Map<string, number>, n: number) =>
    [...m]
      .filter(([w]) => !(dict.get(w) ?? []).some(same))
      .sort(
        (a, b) => a[1] - b[1] || (like ? (like.get(b[0]) ?? -99) - (like.get(a[0]) ?? -99) : a[0].localeCompare(b[0])),
      )
      .slice(0, n)
      .map(([w]) => w)
  const closest = ranked(near, options.limit)
  const result = [
    ...closest,
    ...ranked(family, options.wide ? Math.ceil(options.limit / 2) : 0).filter((w) => !closest.includes(w)),
  ]
  index.found.set(key, result)
  return result
}

const HH = phoneId('HH')
function withoutH(phones: Uint8Array): Uint8Array {
  return phones[0] === HH ? phones.subarray(1) : phones
}

/** How many phones `a` and the `m` phones of `b` at `at` share at their ends. */
function commonSuffix(a: Uint8Array, b: Uint8Array, at: number, m: number): number {
  let n = 0
  while (n < a.length && n < m && a[a.length - 1 - n] === b[at + m - 1 - n]) n++
  return n
}

/** How many phones `a` and the `m` phones of `b` at `at` share at their starts. */
function commonPrefix(a: Uint8Array, b: Uint8Array, at: number, m: number): number {
  let n = 0
  while (n < a.length && n < m && a[n] === b[at + n]) n++
  return n
}
