/**
 * A small trigram language model in ARPA text format, for the read-back's second hearing (script-lm.ts): the script's sentences (weight 1, so read speech is
 * recognised far better), their misread variants at a lower weight (a rival in the same place, a
 * negation turned around: so a misread has a fair chance to be heard as itself), and general words as
 * unigrams weighted by how common they are (so other words still come through).
 *
 * Counts may be fractional, so the smoothing is Witten–Bell-like: after a history h with total count c(h)
 * and t(h) followers (each counted at most once), a seen follower gets c(h,w) / (c(h) + β·t(h)) and
 * β·t(h) / (c(h) + β·t(h)) is left for the lower order (back-off weights make each history sum to one).
 */
import { mainSlices, type Slicer } from '../../process/slices'
import { BOS, byHistory, EOS, log10 } from './arpa-lm'
import { WEIGHTED_UNSEEN as UNSEEN } from '../tuning'

export interface WeightedSentence {
  words: readonly string[]
  weight: number
  /**
   * For a variant of a script sentence (a rival in one place, a negation dropped): that sentence.
   * Only the variant's n-grams the sentence does not have are counted, so a variant adds its rival
   * where it stands and does not also add weight to the script's own words around it.
   */
  variantOf?: readonly string[]
}

export interface WeightedWord {
  word: string
  weight: number
}

type Counts = Map<string, number>

async function countNgrams(sentences: readonly WeightedSentence[], slices: Slicer): Promise<[Counts, Counts, Counts]> {
  const c1: Counts = new Map()
  const c2: Counts = new Map()
  const c3: Counts = new Map()
  const add = (m: Counts, k: string, w: number) => m.set(k, (m.get(k) ?? 0) + w)
  // The n-grams of each sentence that has variants, worked out once for all of its variants.
  const ownOf = new Map<readonly string[], Set<string>>()
  for (const { words, weight, variantOf } of sentences) {
    if (slices.due()) await slices.turn()
    if (words.length === 0 || !(weight > 0)) continue
    let own = variantOf ? ownOf.get(variantOf) : null
    if (variantOf && !own) ownOf.set(variantOf, (own = new Set(ngramsOf(variantOf))))
    for (const gram of ngramsOf(words)) {
      if (own?.has(gram)) continue
      const n = gram.split(' ').length
      add(n === 1 ? c1 : n === 2 ? c2 : c3, gram, weight)
    }
  }
  return [c1, c2, c3]
}

/** A sentence's unigrams, bigrams and trigrams with its start and end marks, each once per place it stands. */
function ngramsOf(words: readonly string[]): string[] {
  const seq = [BOS, ...words, EOS]
  const out: string[] = []
  seq.forEach((w, i) => {
    out.push(w)
    if (i >= 1) out.push(`${seq[i - 1]} ${w}`)
    if (i >= 2) out.push(`${seq[i - 2]} ${seq[i - 1]} ${w}`)
  })
  return out
}

/**
 * Probabilities of the seen n-grams of one order and the back-off weight of each history, given the
 * probabilities of the order below (`lower`, keyed by the n-gram without its first word).
 */
async function order(
  counts: Counts,
  lower: Map<string, number>,
  slices: Slicer,
): Promise<{ p: Map<string, number>; backoff: Map<string, number> }> {
  const p = new Map<string, number>()
  const backoff = new Map<string, number>()
  for (const [h, grams] of byHistory(counts)) {
    if (slices.due()) await slices.turn()
    const total = grams.reduce((s, [, c]) => s + c, 0)
    const types = grams.reduce((s, [, c]) => s + Math.min(1, c), 0)
    const denom = total + UNSEEN * types
    let seenLower = 0
    for (const [g, c] of grams) {
      p.set(g, c / denom)
      seenLower += lower.get(g.slice(g.indexOf(' ') + 1)) ?? 0
    }
    backoff.set(h, (UNSEEN * types) / denom / Math.max(1e-9, 1 - seenLower))
  }
  return { p, backoff }
}

/** The model as ARPA text; built in slices (process/slices.ts), since it runs on the main process for every take. */
export async function buildWeightedArpa(
  sentences: readonly WeightedSentence[],
  general: readonly WeightedWord[],
): Promise<string> {
  const slices = mainSlices
  const [c1, c2, c3] = await countNgrams(sentences, slices)
  const weight = new Map<string, number>()
  for (const [w, c] of c1) if (w !== BOS) weight.set(w, c)
  for (const { word, weight: g } of general) weight.set(word, (weight.get(word) ?? 0) + g)
  const total = [...weight.values()].reduce((s, w) => s + w, 0)
  const p1 = new Map([...weight].map(([w, c]) => [w, c / total]))
  const bigrams = await order(c2, p1, slices)
  const trigrams = await order(c3, bigrams.p, slices)
  const words = [...weight.keys()].sort()
  const lines = [
    '\\data\\',
    `ngram 1=${words.length + 1}`,
    `ngram 2=${bigrams.p.size}`,
    `ngram 3=${trigrams.p.size}`,
    '',
    '\\1-grams:',
  ]
  lines.push(`-99.0000 ${BOS} ${log10(bigrams.backoff.get(BOS) ?? 1)}`)
  for (const w of words) lines.push(`${log10(p1.get(w) ?? 0)} ${w} ${log10(bigrams.backoff.get(w) ?? 1)}`)
  lines.push('', '\\2-grams:')
  for (const [g, p] of bigrams.p) {
    if (slices.due()) await slices.turn()
    lines.push(`${log10(p)} ${g} ${log10(trigrams.backoff.get(g) ?? 1)}`)
  }
  lines.push('', '\\3-grams:')
  for (const [g, p] of trigrams.p) {
    if (slices.due()) await slices.turn()
    lines.push(`${log10(p)} ${g}`)
  }
  lines.push('', '\\end\\', '')
  return lines.join('\n')
}
