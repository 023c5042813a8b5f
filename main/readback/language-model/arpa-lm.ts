/**
 * A small trigram language model in ARPA text format, built from the script's sentences (so read speech
 * is recognised far better) plus general words as unigrams (so misreads still come through).
 * Absolute discounting with back-off: each seen n-gram gives up DISCOUNT (tuning.ts) of its count to the lower order.
 */
import { ARPA_DISCOUNT as DISCOUNT, ARPA_GENERAL_WEIGHT as GENERAL_WEIGHT } from '../tuning'
export const BOS = '<s>'
export const EOS = '</s>'

export function log10(p: number): string {
  return Math.log10(Math.max(p, 1e-12)).toFixed(4)
}

function countNgrams(sentences: readonly string[][]): [Map<string, number>, Map<string, number>, Map<string, number>] {
  const c1 = new Map<string, number>()
  const c2 = new Map<string, number>()
  const c3 = new Map<string, number>()
  const inc = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1)
  for (const s of sentences) {
    const seq = [BOS, ...s, EOS]
    seq.forEach((w, i) => {
      inc(c1, w)
      if (i >= 1) inc(c2, `${seq[i - 1]} ${w}`)
      if (i >= 2) inc(c3, `${seq[i - 2]} ${seq[i - 1]} ${w}`)
    })
  }
  return [c1, c2, c3]
}

/** Groups n-gram counts by their history (all words but the last). */
export function byHistory(counts: ReadonlyMap<string, number>): Map<string, Array<[string, number]>> {
  const out = new Map<string, Array<[string, number]>>()
  for (const [gram, c] of counts) {
    const cut = gram.lastIndexOf(' ')
    const h = gram.slice(0, cut)
    const list = out.get(h)
    if (list) list.push([gram, c])
    else out.set(h, [[gram, c]])
  }
  return out
}

/**
 * One order of the model from its n-grams grouped by history: each n-gram's discounted probability, and
 * each history's back-off weight, which hands the discounted mass to the next lower order (the n-gram
 * without its first word, in `lower`) over the words not seen after that history.
 */
function discounted(
  histories: Map<string, Array<[string, number]>>,
  lower: ReadonlyMap<string, number>,
): [Map<string, number>, Map<string, number>] {
  const probability = new Map<string, number>()
  const backoff = new Map<string, number>()
  for (const [h, grams] of histories) {
    const ch = grams.reduce((s, [, c]) => s + c, 0)
    let seenLower = 0
    for (const [g, c] of grams) {
      probability.set(g, (c - DISCOUNT) / ch)
      seenLower += lower.get(g.slice(g.indexOf(' ') + 1)) ?? 0
    }
    backoff.set(h, (DISCOUNT * grams.length) / ch / Math.max(1e-9, 1 - seenLower))
  }
  return [probability, backoff]
}

export function buildArpa(sentences: readonly string[][], general: readonly string[]): string {
  const [c1, c2, c3] = countNgrams(sentences.filter((s) => s.length > 0))
  const vocab = new Set([...c1.keys(), ...general])
  vocab.delete(BOS)
  const generalWords = new Set(general)
  const weight = (w: string) => (c1.get(w) ?? 0) + (generalWords.has(w) || !c1.has(w) ? GENERAL_WEIGHT : 0)
  const total = [...vocab].reduce((sum, w) => sum + weight(w), 0)
  const p1 = new Map([...vocab].map((w) => [w, weight(w) / total]))
  const [p2, b1] = discounted(byHistory(c2), p1)
  const [p3, b2] = discounted(byHistory(c3), p2)
  const lines = ['\\data\\', `ngram 1=${vocab.size + 1}`, `ngram 2=${p2.size}`, `ngram 3=${p3.size}`, '', '\\1-grams:']
  lines.push(`-99.0000 ${BOS} ${log10(b1.get(BOS) ?? 1)}`)
  for (const w of [...vocab].sort()) lines.push(`${log10(p1.get(w) ?? 0)} ${w} ${log10(b1.get(w) ?? 1)}`)
  lines.push('', '\\2-grams:')
  for (const [g, p] of p2) lines.push(`${log10(p)} ${g} ${log10(b2.get(g) ?? 1)}`)
  lines.push('', '\\3-grams:')
  for (const [g, p] of p3) lines.push(`${log10(p)} ${g}`)
  lines.push('', '\\end\\', '')
  return lines.join('\n')
}
