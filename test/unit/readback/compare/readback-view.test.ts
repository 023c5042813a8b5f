/** The renderer's pure read-back pieces: issues placed on the script, times, words, and what asks before delivery. */
import { describe, expect, it } from 'vitest'
import { buildScriptMarks } from '../../../../renderer/src/script/marks/script-marks'
import { identityMap } from '../../../../renderer/src/script/marks/offset-maps'
import { highIssues } from '../../../../renderer/src/takes/readback/readback-store'
import { clock, describeReadbackIssue, playFrom } from '../../../../renderer/src/takes/readback/readback-words'
import { compareToScript } from '../../../../main/readback/compare/compare'
import type { ReadbackState } from '../../../../shared/bridge-readback'
import type { ReadbackIssue } from '../../../../shared/readback/types'

const issue = (over: Partial<ReadbackIssue>): ReadbackIssue => ({
  kind: 'changed',
  severity: 'normal',
  expected: null,
  heard: null,
  context: '',
  legal: false,
  name: false,
  number: false,
  at_s: 1,
  script_from: null,
  script_to: null,
  ...over,
})

describe('read-back issues on the script', () => {
  it('places a real comparison’s issues on the words they concern', () => {
    const text = 'This Saturday only, save 20% today.'
    const check = compareToScript(
      text,
      ['this', 'sunday', 'only', 'save', 'today'].map((word, i) => ({ word, start_s: i, end_s: i + 0.5 })),
    )
    const { merged } = buildScriptMarks({
      shownText: text,
      scriptText: text,
      toShown: identityMap,
      pronunciations: [],
      readback: { issues: check.issues, readText: text, toScript: identityMap },
      platform: null,
    })
    const marked = merged.segments.filter((s) => s.readback.length > 0).map((s) => text.slice(s.start, s.end))
    expect(marked).toEqual(['Saturday', '20%'])
  })
})

describe('read-back words', () => {
  it('plays from 1.5 s before an issue, never before the start', () => {
    expect(playFrom(10)).toBe(8.5)
    expect(playFrom(0.4)).toBe(0)
    expect(clock(75.25)).toBe('1:15.3')
  })

  it('writes an issue time as m:ss.s, carrying a rounded-up 60 s into the next minute', () => {
    expect(clock(0)).toBe('0:00.0')
    expect(clock(0.15)).toBe('0:00.1')
    expect(clock(59.94)).toBe('0:59.9')
    expect(clock(59.96)).toBe('1:00.0')
    expect(clock(119.99)).toBe('2:00.0')
    expect(clock(61.2)).toBe('1:01.2')
  })

  it('asks before delivery only for high issues in a take where speech was heard', () => {
    const state = (words: number, severity: ReadbackIssue['severity']): ReadbackState => ({
      takeId: 't',
      status: 'done',
      message: null,
      result: {
        take_id: 't',
        job_id: '1',
        script_read: { revision_id: null, text: 'x' },
        note: null,
        engine: 'pocketsphinx',
        words: Array.from({ length: words }, (_, i) => ({ word: 'x', start_s: i, end_s: i })),
        check: {
          state: 'done',
          verdict: 'mismatch',
          coverage: 0,
          summary: '',
          checked_at: 0,
          can_retry: true,
          issues: [issue({ severity })],
        },
      },
    })
    expect(highIssues(state(3, 'high'))).toHaveLength(1)
    expect(highIssues(state(3, 'normal'))).toEqual([])
    expect(highIssues(state(0, 'high'))).toEqual([])
    expect(highIssues(undefined)).toEqual([])
  })
})

describe('describeReadbackIssue', () => {
  it('says each kind in words, and a skip keeps the few words heard in its place', () => {
    expect(describeReadbackIssue(issue({ kind: 'missing', expected: 'Offer ends Saturday.' }))).toBe(
      '“Offer ends Saturday.” was not heard',
    )
    expect(
      describeReadbackIssue(
        issue({ kind: 'missing', expected: 'Offer ends Saturday. Restrictions apply.', heard: 'room' }),
      ),
    ).toBe('“Offer ends Saturday. Restrictions apply.” was not heard (only “room”)')
    expect(describeReadbackIssue(issue({ kind: 'changed', expected: 'Saturday', heard: 'sunday' }))).toBe(
      '“Saturday” sounded like “sunday”',
    )
    expect(describeReadbackIssue(issue({ kind: 'extra', heard: 'really' }))).toBe('“really” is not in the script')
  })
})
