/**
 * The pure parts of a revised script and of pickups checked as pickups: a pickup's read-back compares only
 * the sentences it reads (no "missing" for the rest of the script; its issues on the whole script's
 * characters); a take's analysis seen through a revision (unchanged readings kept, changed ones located but
 * left to record, added ones not read); punch targets for a line the producer added (a click in the pause
 * where it goes, or after the last line); a take whose current version was made for the current script;
 * and the window's warnings and findings of a pickup without any spot-length verdict.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareToScript } from '../../../main/readback/compare/compare'
import { pickupCheck } from '../../../main/readback/compare/pickup-check'
import type { RecordingAnalysis, AnalyzedSentence } from '../../../main/versions/cuts/recording-analysis'
import { reviseAnalysis, usableOnly } from '../../../main/versions/revisions/revised-take'
import { revisionMap } from '../../../main/versions/revisions/revision-map'
import { revisionNumber, sentenceInTarget } from '../../../main/versions/work/version-script'
import { planPunch } from '../../../main/versions/punch/punch'
import { sentenceAtTime, flaggedSentences, type TakeSentence } from '../../../renderer/src/takes/punch/punch-targets'
import { versionForCurrent } from '../../../renderer/src/takes/script-read'
import { cellWords } from '../../../renderer/src/takes/versions/comp-grid-model'
import { forPickup, preflightWarningWords } from '../../../renderer/src/takes/warning-words'
import type { Preflight } from '../../../shared/bridge-takes'
import type { TimedWord } from '../../../shared/readback/types'

const SCRIPT =
  "This Saturday only, it's the biggest sale of the year at Dream Street Furniture. Queen " +
  'mattresses start at just two hundred ninety nine dollars. Visit us at the Harbor Boulevard store today.'

/** Words read one after another, 0.3 s each. */
function spoken(text: string, startS = 0.5): TimedWord[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((w, i) => ({
      word: w.replace(/[^A-Za-z']/g, '').toLowerCase(),
      start_s: startS + i * 0.3,
      end_s: startS + i * 0.3 + 0.25,
    }))
}

describe('a pickup is checked as a pickup', () => {
  const pickupWords = spoken('Queen mattresses start at just two hundred ninety nine dollars')

  it('compares only the sentence it reads: nothing of the rest of the script is missing, and it matches', () => {
    const whole = compareToScript(SCRIPT, pickupWords)
    expect(whole.issues.some((i) => i.kind === 'missing')).toBe(true)
    const p = pickupCheck(SCRIPT, pickupWords)
    expect(p.sentences).toMatchObject({ first: 2, last: 2 })
    expect(SCRIPT.slice(p.sentences!.from, p.sentences!.to)).toBe(
      'Queen mattresses start at just two hundred ninety nine dollars.',
    )
    expect(p.check.issues).toEqual([])
    expect(p.check.verdict).toBe('matches')
  })

  it('a misread in the pickup is marked on the whole script’s characters', () => {
    const p = pickupCheck(SCRIPT, spoken('Queen mattresses start at just two hundred seventy nine dollars'))
    const changed = p.check.issues.filter((i) => i.severity !== 'soft')
    expect(changed.length).toBeGreaterThan(0)
    for (const i of changed) {
      expect(i.script_from).toBeGreaterThanOrEqual(p.sentences!.from)
      expect(i.script_to).toBeLessThanOrEqual(p.sentences!.to)
    }
  })

  it('any heard words: issues always fall inside the script, never a throw', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('queen', 'mattresses', 'visit', 'harbor', 'sale', 'the', 'year', 'x', 'nine'), {
          maxLength: 20,
        }),
        (ws) => {
          const words = ws.map((w, i) => ({ word: w, start_s: i * 0.3, end_s: i * 0.3 + 0.2 }))
          const p = pickupCheck(SCRIPT, words)
          for (const i of p.check.issues) {
            if (i.script_from !== null) expect(i.script_from).toBeGreaterThanOrEqual(0)
            if (i.script_to !== null) expect(i.script_to).toBeLessThanOrEqual(SCRIPT.length)
          }
        },
      ),
      { numRuns: 200 },
    )
  })
})

/** A take's analysis with sentences at given times (only what the revision and punch rules read). */
function analysisOf(spans: Array<[number, number] | null>, durationS: number): RecordingAnalysis {
  const env = { energy: new Float64Array(Math.round(durationS * 1000)).fill(1e-7), ms: 1 }
  for (const span of spans)
    if (span) for (let i = Math.round(span[0] * 1000); i < Math.round(span[1] * 1000); i++) env.energy[i] = 0.1
  const sentences = spans.map((span, index, all) => {
    if (!span) return null
    const prev = all
      .slice(0, index)
      .reverse()
      .find((x) => x)
    const next = all.slice(index + 1).find((x) => x)
    return {
      index,
      startS: span[0],
      endS: span[1],
      matched: 5,
      words: 5,
      coverage: 1,
      issues: [],
      heard: [],
      firstMatched: 0,
      lastMatched: 4,
      onsetS: span[0],
      speechEndS: span[1],
      soundOnsetS: span[0],
      soundEndS: span[1],
      pauseFromS: prev ? prev[1] : 0,
      pauseFromIsSpeech: !!prev,
      pauseToS: next ? next[0] : durationS,
      pauseToIsSpeech: !!next,
      lufs: -20,
      true_peak_dbtp: -3,
      innerPauseS: 0,
    } as AnalyzedSentence
  })
  return {
    source: 'x',
    durationS,
    sampleRate: 48_000,
    env,
    floorDb: -70,
    check: { state: 'done', verdict: 'matches', coverage: 1, summary: '', issues: [] },
    words: [],
    speech: [],
    sentences,
  } as unknown as RecordingAnalysis
}

describe('an older take seen through the new script', () => {
  const OLD = 'Visit our store today. Queen mattresses are on sale. Free delivery on every bed.'
  const NEW =
    'Visit our store today. Queen mattresses are on sale now. Free delivery on every bed. Ask about our sleep trial.'
  const take = analysisOf(
    [
      [0.5, 2],
      [2.8, 4.5],
      [5.2, 7],
    ],
    8.5,
  )

  it('keeps its unchanged readings, locates the changed one but leaves it to record, and reads no added one', () => {
    const revised = reviseAnalysis(take, revisionMap(OLD, NEW))
    expect(revised.analysis.sentences.map((s) => (s ? [s.index, s.startS] : null))).toEqual([
      [0, 0.5],
      [1, 2.8],
      [2, 5.2],
      null,
    ])
    expect([...revised.stale]).toEqual([1, 3])
    expect(usableOnly(revised).sentences.map((s) => s !== null)).toEqual([true, false, true, false])
  })

  it('a punch into the added last line goes after the last sentence read; one added in the middle between its neighbours', () => {
    const end = reviseAnalysis(take, revisionMap(OLD, NEW))
    const name = (k: number) => `sentence ${k + 1}`
    expect(() => planPunch(end.analysis, 3, name)).toThrow(/does not read sentence 4/)
    const atEnd = planPunch(end.analysis, 3, name, 2, true)
    expect(atEnd.punchS).toBeGreaterThan(7)
    expect(atEnd.punchS).toBeLessThan(8.5)
    const MIDDLE =
      'Visit our store today. Our experts will help you. Queen mattresses are on sale. Free delivery on every bed.'
    const mid = reviseAnalysis(take, revisionMap(OLD, MIDDLE))
    const between = planPunch(mid.analysis, 1, name, 2, true)
    expect(between.punchS).toBeGreaterThan(2)
    expect(between.punchS).toBeLessThan(2.8)
  })
})

describe('the window after a revision', () => {
  const sentences: TakeSentence[] = [
    { number: 1, text: 'a', from: 0, to: 10, start_s: 0.5, end_s: 2, clean: true },
    { number: 2, text: 'b', from: 11, to: 20, start_s: null, end_s: null, clean: false, to_record: 'added' },
    { number: 3, text: 'c', from: 21, to: 30, start_s: 2.8, end_s: 4.5, clean: false, to_record: 'changed' },
    { number: 4, text: 'd', from: -1, to: -1, start_s: null, end_s: null, clean: false, to_record: 'added' },
  ]

  it('a click in the pause where an added line goes names it; after the last line, the added last line', () => {
    expect(sentenceAtTime(1, sentences)).toBe(1)
    expect(sentenceAtTime(2.4, sentences)).toBe(2)
    expect(sentenceAtTime(3, sentences)).toBe(3)
    expect(sentenceAtTime(6, sentences)).toBe(4)
    expect(sentenceAtTime(6, sentences.slice(0, 3))).toBeNull()
  })

  it('an added line is something to punch into', () => {
    const flagged = flaggedSentences(
      [
        {
          kind: 'missing',
          severity: 'high',
          expected: 'b',
          heard: null,
          at_s: 2,
          script_from: 12,
          script_to: 14,
        } as never,
      ],
      sentences,
    )
    expect(flagged).toHaveLength(1)
    expect(flagged[0]!.punchable).toBe(true)
  })

  it('a take read from revision 1 whose current version was made for revision 2 says so; others do not', () => {
    const current = { revision_id: 'r2', text: 'new' }
    const take = {
      script_read: { revision_id: 'r1', text: 'old' },
      current_version: 2,
      versions: [
        { number: 1, readback: null },
        { number: 2, readback: { revision_id: 'r2' } },
      ],
    }
    expect(versionForCurrent(take, current)).toBe(2)
    expect(versionForCurrent({ ...take, current_version: 1 }, current)).toBeNull()
    expect(versionForCurrent({ ...take, script_read: { revision_id: 'r2', text: 'new' } }, current)).toBeNull()
  })

  it('a patch an earlier version put in moves with its sentence after a revision, and goes when the sentence changed', () => {
    const before = 'Visit our store today. Queen mattresses are on sale. Free delivery on every bed.'
    const after =
      'Visit our store today. Our experts will help you. Queen mattresses are on sale now. Free delivery on every bed.'
    expect(sentenceInTarget(before, after, 0)).toBe(0)
    expect(sentenceInTarget(before, after, 1)).toBeNull()
    expect(sentenceInTarget(before, after, 2)).toBe(3)
    expect(sentenceInTarget(null, after, 2)).toBe(2)
    expect(sentenceInTarget(after, after, 1)).toBe(1)
  })

  it('revisions are numbered in the order the job’s takes met them, the current one last', () => {
    const takes = [
      { take_number: 2, script_read: { revision_id: '40', text: '' } },
      { take_number: 1, script_read: { revision_id: '17', text: '' } },
      { take_number: 3, script_read: null },
    ]
    expect(revisionNumber(takes, '55', '17')).toBe(1)
    expect(revisionNumber(takes, '55', '40')).toBe(2)
    expect(revisionNumber(takes, '55', '55')).toBe(3)
    expect(revisionNumber(takes, '55', null)).toBeNull()
  })

  it('a comp cell of an older take for a sentence changed since says so; a take that never read it says "Not read"', () => {
    const cell = {
      takeId: 't',
      state: 'not_read' as const,
      issues: [] as string[],
      lufs: null,
      true_peak_dbtp: null,
      length_s: null,
    }
    expect(cellWords(cell).state).toBe('Not read')
    expect(
      cellWords({ ...cell, issues: ['Read from an older script: the producer changed this sentence since.'] }).state,
    ).toBe('Older script')
  })

  it('a pickup gets no spot-length warning or finding; its other warnings stay', () => {
    const p = {
      measured: true,
      duration_s: 4.7,
      lead_silence_s: 0.2,
      tail_silence_s: 0.3,
      warnings: ['runs_short', 'clipping'],
      sample_rate: 48_000,
    } as unknown as Preflight
    const ctx = { spotLengthS: 20, jobKind: 'dry_voice' as const }
    expect(preflightWarningWords(p, ctx).map((w) => w.text)).toContain('Runs short: 4.2 s for a :20 spot')
    expect(preflightWarningWords(p, { ...ctx, pickup: true }).map((w) => w.code)).toEqual(['clipping'])
    const findings = [
      { code: 'runs_short', severity: 'problem' as const },
      { code: 'clipping', severity: 'problem' as const },
    ]
    expect(forPickup(findings, true).map((f) => f.code)).toEqual(['clipping'])
    expect(forPickup(findings, false)).toHaveLength(2)
  })
})
