/**
 * Doubts from pocketsphinx's word lattice: every word the recogniser considered, where, and how likely
 * (each link carries its posterior, `p=`, in the HTK lattice pocketsphinx_batch writes). Where the word it
 * gave holds less than SURE of the probability over its stretch and another word holds at least OTHER, the
 * recogniser was torn between them: a doubt naming the other word.
 */
import type { Doubt, TimedWord } from '../../../shared/readback/types'
import { isNoiseMark } from '../script/words'
import { overlapsHalfShorter } from '../alignment/time-spans'
import { OTHER, SURE } from '../tuning'
import type { LatticeWord } from '../engine'

/** The lattice's words with their stretch (start to the earliest next word) and posterior. */
export function parseHtkLattice(text: string): LatticeWord[] {
  const nodes = new Map<number, { t: number; word: string }>()
  const out = new Map<number, number>()
  const next = new Map<number, number[]>()
  for (const line of text.split('\n')) {
    if (!line.startsWith('I=') && !line.startsWith('J=')) continue
    const fields = Object.fromEntries(
      line
        .trim()
        .split(/\s+/)
        .map((kv) => {
          const i = kv.indexOf('=')
          return [kv.slice(0, i), kv.slice(i + 1)]
        }),
    )
    if (line.startsWith('I='))
      nodes.set(Number(fields['I']), { t: Number(fields['t']), word: String(fields['W'] ?? '') })
    else if (line.startsWith('J=')) {
      const s = Number(fields['S'])
      const e = Number(fields['E'])
      const p = Number(fields['p'])
      if (!Number.isFinite(s) || !Number.isFinite(e) || !Number.isFinite(p)) continue
      out.set(s, (out.get(s) ?? 0) + p)
      const list = next.get(s)
      if (list) list.push(e)
      else next.set(s, [e])
    }
  }
  const words: LatticeWord[] = []
  for (const [id, node] of nodes) {
    const word = node.word.replace(/\(\d+\)$/, '')
    if (!word || word.startsWith('!') || isNoiseMark(word)) continue
    let end = Infinity
    for (const e of next.get(id) ?? []) {
      const t = nodes.get(e)?.t
      if (t !== undefined && t > node.t && t < end) end = t
    }
    words.push({
      word,
      start_s: node.t,
      end_s: end === Infinity ? node.t : end,
      posterior: Math.min(1, out.get(id) ?? 0),
    })
  }
  return words
}

/** When a word is doubted: its own posterior under `sure` while another word's reaches `other`. */
export interface DoubtLimits {
  sure: number
  other: number
}

/** Each word given whose own posterior is low while another word's is high enough over the same stretch. */
export function latticeDoubts(
  given: readonly TimedWord[],
  lattice: readonly LatticeWord[],
  limits: DoubtLimits = { sure: SURE, other: OTHER },
): Doubt[] {
  const doubts: Doubt[] = []
  for (const w of given) {
    const here = lattice.filter((l) => overlapsHalfShorter(l, w))
    const mass = new Map<string, number>()
    for (const l of here) mass.set(l.word, (mass.get(l.word) ?? 0) + l.posterior)
    const own = mass.get(w.word) ?? 0
    if (own >= limits.sure) continue
    const [other, p] = [...mass].filter(([word]) => word !== w.word).sort((a, b) => b[1] - a[1])[0] ?? ['', 0]
    if (other && p >= limits.other)
      doubts.push({ start_s: w.start_s, end_s: w.end_s, heard: other, posterior: { own: round(own), other: round(p) } })
  }
  return doubts
}

function round(p: number): number {
  return Math.round(p * 1000) / 1000
}
