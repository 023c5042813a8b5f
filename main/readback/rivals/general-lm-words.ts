/**
 * The commonest words of English with how likely each is, read from the general language model that ships
 * with pocketsphinx-en-us (`en-us.lm.bin`, CMU Sphinx's binary "trie" format). The read-back puts them in
 * its language model beside the script, so a word read instead of the script's ("lenses" for "frames")
 * can come through as itself instead of being forced onto the script's word.
 *
 * Only the unigrams are read: the file holds its vocabulary as NUL-separated strings at its end (preceded
 * by their byte length) and one 12-byte record per word (log probability in log base 1.0001, back-off,
 * index of its first bigram) after a header and the quantisation tables. The records are found by a
 * fingerprint instead of by trusting one layout: `<s>` has log10 probability -99 and `</s>` a real one.
 * A file that does not look like that gives no words (the read-back then uses its built-in list).
 */
import { readFile } from 'node:fs/promises'
import { mainSlices } from '../../process/slices'

const HEADER = 'Trie Language Model'
/** ln(10) / ln(1.0001): log10 → sphinx's log base 1.0001. */
const LOG10_TO_SPHINX = Math.log(10) / Math.log(1.0001)
const RECORD = 12
/** Where the records may start: after the header, within the first few megabytes (quantisation tables). */
const SEARCH_LIMIT = 8 * 1024 * 1024

export interface GeneralWord {
  word: string
  /** log10 of the word's unigram probability. */
  log10: number
}

/** Words of the model, likeliest first, or [] when the file cannot be read as a trie model; read in slices (process/slices.ts). */
export async function parseTrieUnigrams(bytes: Buffer): Promise<GeneralWord[]> {
  if (bytes.length < 64 || bytes.toString('latin1', 0, HEADER.length) !== HEADER) return []
  const unigrams = bytes.readUInt32LE(HEADER.length + 1)
  const vocabBytes = findVocabulary(bytes, unigrams)
  if (!vocabBytes) return []
  const words = bytes.toString('utf8', vocabBytes.from, vocabBytes.to).split('\0').slice(0, unigrams)
  if (words.length !== unigrams) return []
  const bos = words.indexOf('<s>')
  const eos = words.indexOf('</s>')
  if (bos < 0 || eos < 0) return []
  const start = findRecords(bytes, bos, eos, unigrams)
  if (start === null) return []
  const out: GeneralWord[] = []
  const slices = mainSlices
  for (let i = 0; i < unigrams; i++) {
    if (slices.due()) await slices.turn()
    const word = words[i] as string
    if (i === bos || i === eos || word.startsWith('<')) continue
    out.push({ word, log10: bytes.readFloatLE(start + i * RECORD) / LOG10_TO_SPHINX })
  }
  return out.sort((a, b) => b.log10 - a.log10)
}

/** The vocabulary: the file's last `size` bytes, where `size` is the 32-bit length just before them. */
function findVocabulary(bytes: Buffer, count: number): { from: number; to: number } | null {
  // Walk back over `count` NUL-terminated strings from the end, then read the length before them.
  let pos = bytes.length
  if (bytes[pos - 1] === 0) pos--
  let seen = 0
  while (pos > 0 && seen < count) {
    const nul = bytes.lastIndexOf(0, pos - 1)
    seen++
    if (seen === count) {
      const from = nul + 1
      // The strings are preceded by their length (including the final NUL).
      for (const lead of [from - 4]) {
        if (lead >= 0 && bytes.readUInt32LE(lead) === bytes.length - from) return { from, to: bytes.length }
      }
      return null
    }
    pos = nul
  }
  return null
}

function findRecords(bytes: Buffer, bos: number, eos: number, count: number): number | null {
  const bosLog = -99 * LOG10_TO_SPHINX
  const limit = Math.min(SEARCH_LIMIT, bytes.length - count * RECORD)
  for (let at = HEADER.length + 1; at < limit; at += 4) {
    const b = bytes.readFloatLE(at + bos * RECORD)
    if (Math.abs(b - bosLog) > 1) continue
    const e = bytes.readFloatLE(at + eos * RECORD)
    if (!(e < 0 && e > -10 * LOG10_TO_SPHINX)) continue
    // Each record's "next" (first bigram index) never goes down.
    let ok = true
    let prev = 0
    for (let i = 0; i < count && ok; i += Math.max(1, Math.floor(count / 500))) {
      const next = bytes.readUInt32LE(at + i * RECORD + 8)
      const p = bytes.readFloatLE(at + i * RECORD)
      ok = next >= prev && p <= 0 && p > -100 * LOG10_TO_SPHINX
      prev = next
    }
    if (ok) return at
  }
  return null
}

const cache = new Map<string, Promise<GeneralWord[]>>()

/** The general model's words, likeliest first (read once per path); [] when it is missing or unreadable. */
export function generalModelWords(path: string): Promise<GeneralWord[]> {
  let words = cache.get(path)
  if (!words) {
    words = readFile(path).then(parseTrieUnigrams, () => [])
    cache.set(path, words)
  }
  return words
}
