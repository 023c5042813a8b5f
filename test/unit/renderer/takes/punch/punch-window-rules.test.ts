/**
 * The punch-and-roll window's pure parts: which sentence a finding or a moment of the take names, the
 * latency used (the platform's figure or a calibration kept per input device, any stored text surviving),
 * the settings, and requests handed to the recorder (also one made before the recorder listens).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  chooseLatency,
  latencyWords,
  loadCalibration,
  reportedLatency,
  saveCalibration,
  forgetCalibration,
} from '../../../../../renderer/src/takes/recorder/punch-latency'
import {
  DEFAULT_PUNCH_SETTINGS,
  loadPunchSettings,
  savePunchSettings,
} from '../../../../../renderer/src/takes/recorder/punch-settings'
import {
  flaggedSentences,
  sentenceAtTime,
  sentenceOfIssue,
  type TakeSentence,
} from '../../../../../renderer/src/takes/punch/punch-targets'
import { requestPunch, subscribePunchRequests } from '../../../../../renderer/src/takes/versions/punch-request'
import type { ReadbackIssue } from '../../../../../shared/readback/types'

class MemoryStorage {
  readonly items = new Map<string, string>()
  getItem(key: string): string | null {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value)
  }
}

const SCRIPT = 'Save twenty percent today. Queen mattresses start at just $299. Visit us soon.'
const sentences: TakeSentence[] = [
  { number: 1, text: 'Save twenty percent today.', from: 0, to: 26, start_s: 0.5, end_s: 2.1, clean: true },
  { number: 2, text: 'Queen mattresses start at just $299.', from: 27, to: 63, start_s: 2.8, end_s: 5.0, clean: false },
  { number: 3, text: 'Visit us soon.', from: 64, to: 78, start_s: null, end_s: null, clean: false },
]
const issue = (
  from: number | null,
  to: number | null,
  severity: ReadbackIssue['severity'] = 'high',
  kind: ReadbackIssue['kind'] = 'changed',
): ReadbackIssue =>
  ({ kind, severity, expected: 'x', heard: 'y', at_s: 3, script_from: from, script_to: to }) as ReadbackIssue

describe('which sentence a punch goes into', () => {
  it('names the sentence of a finding by its characters, an insertion by where it went, none without characters', () => {
    expect(SCRIPT.slice(sentences[1]!.from, sentences[1]!.to)).toBe(sentences[1]!.text)
    expect(sentenceOfIssue(issue(58, 62), sentences)).toBe(2)
    expect(sentenceOfIssue(issue(0, 4), sentences)).toBe(1)
    expect(sentenceOfIssue(issue(26, 26, 'normal', 'extra'), sentences)).toBe(1)
    expect(sentenceOfIssue(issue(null, null), sentences)).toBeNull()
  })

  it('offers the flagged sentences in script order, important findings first, and says when the take does not read one', () => {
    const f = flaggedSentences(
      [issue(64, 69, 'normal', 'missing'), issue(31, 40, 'normal'), issue(58, 62, 'high')],
      sentences,
    )
    expect(f.map((x) => [x.sentence.number, x.punchable, x.issues[0]!.severity])).toEqual([
      [2, true, 'high'],
      [3, false, 'normal'],
    ])
  })

  it('a moment of the take names the sentence read there, or the next one in a pause', () => {
    expect(sentenceAtTime(1, sentences)).toBe(1)
    expect(sentenceAtTime(2.4, sentences)).toBe(2)
    expect(sentenceAtTime(0, sentences)).toBe(1)
    expect(sentenceAtTime(9, sentences)).toBeNull()
  })
})

describe('the latency a punch compensates', () => {
  it('adds what the platform reports, in frames, ignoring what is missing or absurd', () => {
    expect(reportedLatency({ baseLatency: 0.01, outputLatency: 0.02, inputLatency: 0.012 }, 48_000)).toEqual({
      samples: 2016,
      source: 'reported',
      ms: 42,
    })
    expect(reportedLatency({ baseLatency: Number.NaN, outputLatency: -1, inputLatency: 50 }, 48_000).samples).toBe(0)
    expect(latencyWords(reportedLatency({ baseLatency: 0.012 }, 48_000))).toBe(
      'latency 12 ms, as the system reports it',
    )
  })

  it('uses the input device’s calibration, at the punch’s own rate, and says so', () => {
    const store = new MemoryStorage()
    saveCalibration(store, 'mic-a', { samples: 1920, sampleRate: 48_000, at: 1 })
    saveCalibration(store, 'mic-b', { samples: 441, sampleRate: 44_100, at: 2 })
    const a = chooseLatency({ baseLatency: 0.01 }, 44_100, loadCalibration(store, 'mic-a'))
    expect(a).toEqual({ samples: 1764, source: 'calibrated', ms: 40 })
    expect(latencyWords(a)).toBe('latency 40 ms, calibrated')
    expect(loadCalibration(store, 'mic-b')?.samples).toBe(441)
    expect(loadCalibration(store, 'mic-c')).toBeNull()
    forgetCalibration(store, 'mic-a')
    expect(loadCalibration(store, 'mic-a')).toBeNull()
    expect(chooseLatency({ baseLatency: 0.01 }, 48_000, null).source).toBe('reported')
  })

  it('any stored text is a calibration or none, never a crash', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (text, device) => {
        const store = new MemoryStorage()
        store.setItem('booth.punch.latency', text)
        const c = loadCalibration(store, device)
        expect(c === null || (Number.isInteger(c.samples) && c.samples >= 0)).toBe(true)
        saveCalibration(store, device, { samples: 10, sampleRate: 48_000, at: 0 })
        expect(loadCalibration(store, device)?.samples).toBe(10)
      }),
    )
  })
})

describe('the punch settings', () => {
  it('remembers the pre-roll and whether the old take keeps playing; anything else is the default', () => {
    const store = new MemoryStorage()
    expect(loadPunchSettings(store)).toEqual(DEFAULT_PUNCH_SETTINGS)
    savePunchSettings(store, { prerollS: 5, keepPlaying: true })
    expect(loadPunchSettings(store)).toEqual({ prerollS: 5, keepPlaying: true })
    fc.assert(
      fc.property(fc.string(), (text) => {
        store.setItem('booth.punch.settings', text)
        const s = loadPunchSettings(store)
        expect(s.prerollS).toBeGreaterThanOrEqual(2)
        expect(typeof s.keepPlaying).toBe('boolean')
      }),
    )
  })
})

describe('punch requests', () => {
  it('go to whoever listens, and one made before anyone listens waits for the first listener', () => {
    requestPunch('take-early', 2)
    const got: Array<{ takeId: string; sentence: number }> = []
    const off = subscribePunchRequests((r) => got.push(r))
    requestPunch('take-1', 3)
    off()
    requestPunch('take-2', 1)
    expect(got).toEqual([
      { takeId: 'take-early', sentence: 2 },
      { takeId: 'take-1', sentence: 3 },
    ])
    const later: unknown[] = []
    subscribePunchRequests((r) => later.push(r))()
    expect(later).toEqual([{ takeId: 'take-2', sentence: 1 }])
  })
})
