/**
 * sherpa-onnx gives tokens (word pieces) with start times; the read-back needs words. A token that
 * begins with the word-boundary mark (SentencePiece's "▁", or a space) starts a new word. A word ends
 * where the next word starts, or, for the last one, one average token later (capped), or at the audio's end.
 */
import type { TimedWord } from '../../../../shared/readback/types'
import { TOKEN_MAX_TAIL_S as MAX_TAIL_S } from '../../tuning'

const BOUNDARY = /^[▁\s]/

export function tokensToWords(
  tokens: readonly string[],
  timestamps: readonly number[],
  durationS: number | null = null,
): TimedWord[] {
  const words: Array<{ word: string; start_s: number }> = []
  const n = Math.min(tokens.length, timestamps.length)
  for (let i = 0; i < n; i++) {
    const raw = tokens[i] as string
    const t = timestamps[i] as number
    if (/^<.*>$/.test(raw)) continue
    const text = raw.replace(/▁/g, ' ')
    const last = words[words.length - 1]
    if (!last || BOUNDARY.test(raw)) {
      const word = text.trim()
      if (word) words.push({ word, start_s: t })
    } else last.word += text.trim()
  }
  const spacing = n > 1 ? ((timestamps[n - 1] as number) - (timestamps[0] as number)) / (n - 1) : 0.2
  return words.map((w, i) => {
    const next = words[i + 1]
    const tail = Math.min(MAX_TAIL_S, Math.max(0.08, spacing * 2))
    const end = next ? next.start_s : durationS !== null ? Math.min(durationS, w.start_s + tail) : w.start_s + tail
    return { word: w.word.toLowerCase(), start_s: round(w.start_s), end_s: round(Math.max(end, w.start_s)) }
  })
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000
}
