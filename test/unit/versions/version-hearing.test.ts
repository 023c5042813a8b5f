/**
 * A version's hearing is its pieces' hearings mapped through its edit list (main/versions/hearing/version-hearing.ts):
 * a word moves with its piece, a word of a stretch left out goes, a word at a join is kept once, a tempo
 * scales times, and new audio is what is left to hear.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { TimedWord } from '../../../shared/readback/types'
import type { EditList, EditPiece } from '../../../shared/versions/edit-list'
import {
  joinHearings,
  mapHearing,
  mapSpans,
  segmentsOf,
  versionHearing,
  type Hearing,
  type TimeSegment,
} from '../../../main/versions/hearing/version-hearing'
import { stretchesToHear } from '../../../main/versions/hearing/version-hearing-place'
import { toEditList, type Timeline } from '../../../main/versions/cuts/timeline'

const A = 'a'.repeat(64)
const B = 'b'.repeat(64)
const RATE = 48_000
const FORMAT = { sample_rate: RATE, channels: 1, encoding: 'pcm_s24' as const }
const piece = (
  source: string,
  fromS: number,
  toS: number,
  atS: number,
  fades: [number, number] = [0, 0],
): EditPiece => ({
  source,
  from: Math.round(fromS * RATE),
  to: Math.round(toS * RATE),
  at: Math.round(atS * RATE),
  gain_db: 0,
  fade_in: { frames: fades[0], shape: 'equal_power' },
  fade_out: { frames: fades[1], shape: 'equal_power' },
})
const w = (word: string, start_s: number, end_s: number): TimedWord => ({ word, start_s, end_s })
const hearing = (words: TimedWord[], extra: Partial<Hearing> = {}): Hearing => ({
  words,
  doubts: [],
  cross: { words },
  engine: 'pocketsphinx',
  ...extra,
})

describe('a version’s words are its pieces’ words, mapped', () => {
  const take = [
    w('the', 0.2, 0.4),
    w('sale', 0.45, 0.8),
    w('ends', 1.6, 1.9),
    w('today', 1.95, 2.4),
    w('at', 3.2, 3.35),
    w('nine', 3.4, 3.8),
  ]

  it('moves each word with its piece and drops the words of a stretch left out', () => {
    // "the sale" [0, 1.2) kept, "ends today" [1.2, 2.8) cut out, "at nine" [2.8, 4.0) moved to 1.2.
    const list: EditList = {
      format: FORMAT,
      frames: 2.4 * RATE,
      pieces: [piece(A, 0, 1.2, 0, [0, 0]), piece(A, 2.8, 4.0, 1.2)],
    }
    const mapped = mapSpans(
      take,
      segmentsOf(list).filter((s) => s.source === A),
    )
    expect(mapped.map((x) => x.word)).toEqual(['the', 'sale', 'at', 'nine'])
    expect(mapped[2]).toEqual(w('at', 1.6, 1.75))
    expect(mapped[3]).toEqual(w('nine', 1.8, 2.2))
  })

  it('keeps a word at a join once, on the side whose core holds its centre', () => {
    // Two pieces crossfaded over 20 ms at 1.2 s of the result: the piece before runs on 10 ms, the next starts 10 ms early.
    const timeline: Timeline = {
      segments: [
        { source: A, fromS: 0, toS: 1.2, gainDb: 0, role: 'base', sentence: null },
        { source: A, fromS: 1.2, toS: 4, gainDb: 0, role: 'base', sentence: null },
      ],
      crossfadesS: [0.02],
    }
    const list = toEditList(
      { ...timeline, segments: timeline.segments.map((s, i) => (i === 1 ? { ...s, gainDb: -1 } : s)) },
      FORMAT,
    )
    expect(list.pieces).toHaveLength(2)
    const onJoin = [w('um', 1.185, 1.205)]
    expect(mapSpans(onJoin, segmentsOf(list))).toEqual(onJoin)
    expect(mapSpans(take, segmentsOf(list)).map((x) => x.word)).toEqual(take.map((x) => x.word))
  })

  it('scales times by a tempo and drops nothing inside', () => {
    const seg: TimeSegment = { source: A, fromS: 0, toS: 4.12, atS: 0.1, scale: 1.03, coreFromS: 0, coreToS: 4.1 }
    const mapped = mapSpans(take, [seg])
    expect(mapped.map((x) => x.word)).toEqual(take.map((x) => x.word))
    expect(mapped[5]!.start_s).toBeCloseTo(0.1 + 3.4 / 1.03, 3)
    expect(mapped[5]!.end_s - mapped[5]!.start_s).toBeCloseTo(0.4 / 1.03, 3)
  })

  it('maps doubts and the second hearing with the words; new audio is left to hear', () => {
    const h = hearing(take, {
      doubts: [{ start_s: 1.95, end_s: 2.4, heard: 'tomorrow' }],
      cross: { words: take, lattice: [{ word: 'tomorrow', start_s: 1.95, end_s: 2.4, posterior: 0.4 }] },
    })
    const list: EditList = {
      format: FORMAT,
      frames: 5 * RATE,
      pieces: [piece(A, 0, 2.8, 0), piece(B, 0, 1, 2.8), piece(A, 2.8, 4, 3.8)],
    }
    const { parts, unknown } = versionHearing(segmentsOf(list), (s) => (s === A ? h : null))
    expect(unknown.map((s) => [s.source, s.coreFromS, s.coreToS])).toEqual([[B, 2.8, 3.8]])
    const [mapped] = parts
    expect(mapped!.doubts).toEqual([{ start_s: 1.95, end_s: 2.4, heard: 'tomorrow' }])
    expect(mapped!.cross!.lattice).toEqual([{ word: 'tomorrow', start_s: 1.95, end_s: 2.4, posterior: 0.4 }])
    expect(mapped!.words.find((x) => x.word === 'nine')).toEqual(w('nine', 4.4, 4.8))
    const [stretch] = stretchesToHear(unknown, 5, 1.5)
    expect([stretch!.fromS, stretch!.toS].map((x) => Math.round(x * 1000) / 1000)).toEqual([1.3, 5])
  })

  it('keeps the second hearing only when every part has one', () => {
    expect(joinHearings([hearing(take), hearing([], { cross: null })]).cross).toBeNull()
    expect(joinHearings([hearing(take.slice(3)), hearing(take.slice(0, 3))]).words).toEqual(take)
  })
})

describe('mapping through any cut list (property)', () => {
  // A take of words 0.3 s long every 0.5 s; a version keeps some of its gaps' stretches in order, cut in the gaps.
  const words = Array.from({ length: 20 }, (_, i) => w(`w${i}`, 0.1 + i * 0.5, 0.4 + i * 0.5))
  it('keeps exactly the words of the kept stretches, in order, each moved by its piece', () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
        fc.integer({ min: 0, max: 240 }),
        (keep, xf) => {
          // Stretch i is [i * 0.5, i * 0.5 + 0.5): word i sits in it, cuts fall at 0.45 + i * 0.5 (between words).
          const kept = keep.flatMap((k, i) => (k ? [i] : []))
          const timeline: Timeline = {
            segments: kept.map((i) => ({
              source: A,
              fromS: i * 0.5 - 0.05 + (i === 0 ? 0.05 : 0),
              toS: i * 0.5 + 0.45,
              gainDb: i % 2,
              role: 'base' as const,
              sentence: null,
            })),
            crossfadesS: kept.slice(1).map(() => (2 * xf) / RATE),
          }
          if (kept.length === 0) return
          const list = toEditList(timeline, FORMAT)
          const h = mapHearing(hearing(words), segmentsOf(list))
          expect(h.words.map((x) => x.word)).toEqual(kept.map((i) => `w${i}`))
          let at = 0
          timeline.segments.forEach((s, k) => {
            const i = kept[k] as number
            const mappedWord = h.words[k] as TimedWord
            expect(mappedWord.start_s).toBeCloseTo(at + (words[i]!.start_s - s.fromS), 3)
            at += s.toS - s.fromS
          })
        },
      ),
      { numRuns: 200 },
    )
  })
})
