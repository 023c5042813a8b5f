/**
 * How far apart two pronunciations sound: phones as small codes, and a weighted edit distance between two
 * phone sequences in which a near pair of phones (easily heard for one another) costs half a change. The
 * sound-alike search (word-rivals.ts) and the certainty's sound-alike test (certainty/sound-alike.ts) use it.
 */
/** Phones that are easily heard for one another cost half a change. */
const NEAR_PAIRS = [
  'P B',
  'T D',
  'K G',
  'F V',
  'S Z',
  'SH ZH',
  'CH JH',
  'TH DH',
  'M N',
  'N NG',
  'IY IH',
  'EH AE',
  'AA AO',
  'AH AA',
  'UH UW',
  'EY EH',
  'OW AO',
  'ER R',
  'L R',
  'W V',
  'TH F',
  'DH D',
  'S SH',
  'AH IH',
  'AE AA',
  'AY AA',
  'OW UH',
]

/** Phones as small numbers, so the search compares bytes. */
const PHONE_IDS = new Map<string, number>()
export function phoneId(p: string): number {
  let id = PHONE_IDS.get(p)
  if (id === undefined) {
    id = PHONE_IDS.size
    PHONE_IDS.set(p, id)
  }
  return id
}
const NEAR = new Set(
  NEAR_PAIRS.flatMap((pair) => {
    const [a, b] = pair.split(' ').map(phoneId) as [number, number]
    return [a * 256 + b, b * 256 + a]
  }),
)

/** "HH AA1 R B ER0" as phone codes (stress left out), as the search compares them. */
export function phoneCodes(phones: string): Uint8Array {
  return Uint8Array.from(
    phones
      .split(' ')
      .filter(Boolean)
      .map((p) => phoneId(p.replace(/\d$/, ''))),
  )
}

/**
 * What changing one phone for another costs, as a table read by the two phones' codes: 0 for the same
 * phone, 0.5 for a near pair, 1 otherwise. Grown as phones get codes (phoneId), so the search reads one
 * array instead of hashing each pair.
 */
let subCost = new Float32Array(0)
let subSide = 0
function substitutionCosts(): Float32Array {
  if (subSide === PHONE_IDS.size) return subCost
  subSide = PHONE_IDS.size
  subCost = new Float32Array(subSide * subSide)
  for (let x = 0; x < subSide; x++)
    for (let y = 0; y < subSide; y++) subCost[x * subSide + y] = x === y ? 0 : NEAR.has(x * 256 + y) ? 0.5 : 1
  return subCost
}

/** Reused rows of the distance table (each call of phoneDistance runs to its end without yielding). */
let rowA = new Float32Array(64)
let rowB = new Float32Array(64)

/**
 * Weighted edit distance between two phone sequences, or Infinity once it is over `max`. Only the band of
 * the table within `max` of its diagonal is filled: a cell further off needs more than `max` phones added
 * or dropped (each costs 1), so no path through it ends within `max`. Cells just outside the band hold
 * `max + 1`, which every path through them then exceeds; the answer is the same as the whole table's.
 */
export function phoneDistance(a: Uint8Array, b: Uint8Array, max: number): number {
  return distanceAt(a, b, 0, b.length, max)
}

/** phoneDistance to the `m` phones of `b` starting at `at` (a word inside an index bucket). */
export function distanceAt(a: Uint8Array, b: Uint8Array, at: number, m: number, max: number): number {
  if (Math.abs(a.length - m) > max) return Infinity
  if (rowA.length <= m + 1) {
    rowA = new Float32Array(m * 2 + 2)
    rowB = new Float32Array(m * 2 + 2)
  }
  const cost = substitutionCosts()
  const side = subSide
  const band = Math.floor(max)
  const over = max + 1
  let prev = rowA
  let cur = rowB
  for (let j = 0; j <= m; j++) prev[j] = j <= band ? j : over
  prev[m + 1] = over
  for (let i = 1; i <= a.length; i++) {
    const lo = Math.max(1, i - band)
    const hi = Math.min(m, i + band)
    cur[lo - 1] = lo === 1 && i <= band ? i : over
    let rowMin = cur[lo - 1] as number
    const row = (a[i - 1] as number) * side
    for (let j = lo; j <= hi; j++) {
      const sub = (prev[j - 1] as number) + (cost[row + (b[at + j - 1] as number)] as number)
      const del = (prev[j] as number) + 1
      const ins = (cur[j - 1] as number) + 1
      const v = sub < del ? (sub < ins ? sub : ins) : del < ins ? del : ins
      cur[j] = v
      if (v < rowMin) rowMin = v
    }
    cur[hi + 1] = over
    if (rowMin > max) return Infinity
    const t = prev
    prev = cur
    cur = t
  }
  const d = prev[m] as number
  return d > max ? Infinity : d
}
