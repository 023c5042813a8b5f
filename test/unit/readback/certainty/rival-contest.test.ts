import { describe, expect, it } from 'vitest'
import type { ReadbackCheck, ReadbackIssue, TimedWord } from '../../../../shared/readback/types'
import { contestsFor, withContests } from '../../../../main/readback/certainty/rival-contest'
import type { CertaintyJudge } from '../../../../main/readback/certainty/certainty'
import { hypsegScore } from '../../../../main/readback/engines/pocketsphinx/contest-hearing'
import { scriptModel } from '../../../../main/readback/script/script-model'
import { CONTEST_MARGIN } from '../../../../main/readback/tuning'

const SCRIPT = 'The sale ends Friday at noon. Call us on $25 today.'

const words = (...ws: Array<[string, number, number]>): TimedWord[] =>
  ws.map(([word, start_s, end_s]) => ({ word, start_s, end_s }))

const HEARD = words(['the', 0.1, 0.2], ['sale', 0.2, 0.5], ['ends', 0.5, 0.8], ['sunday', 0.8, 1.3], ['at', 1.3, 1.4])

function issue(over: Partial<ReadbackIssue>): ReadbackIssue {
  const from = SCRIPT.indexOf('Friday')
  return {
    kind: 'changed',
    severity: 'high',
    legal: false,
    name: false,
    number: false,
    certainty: 'sure',
    expected: 'Friday',
    heard: 'sunday',
    context: '',
    at_s: 0.8,
    script_from: from,
    script_to: from + 'Friday'.length,
    ...over,
  }
}

const check = (...issues: ReadbackIssue[]): ReadbackCheck => ({
  state: 'done',
  verdict: 'mismatch',
  coverage: 1,
  summary: '',
  issues,
  checked_at: 0,
  can_retry: true,
})

describe('the rival contest', () => {
  it('asks to hear a sure change again between the words heard on each side, the script reading against the rival', () => {
    const [c, ...rest] = contestsFor(SCRIPT, check(issue({})), HEARD)
    expect(rest).toEqual([])
    expect(c).toMatchObject({ before: 'ends', after: 'at', script: [['friday']], rival: ['sunday'] })
    expect(c?.from_s).toBeLessThan(0.5)
    expect(c?.to_s).toBeGreaterThan(1.4)
  })

  it('says a number every way it may be read, and asks nothing for a finding already unsure or soft', () => {
    const from = SCRIPT.indexOf('$25')
    const heard = words(['on', 0.1, 0.3], ['thirty', 0.3, 0.6], ['five', 0.6, 0.9], ['today', 0.9, 1.2])
    const price = issue({ expected: '$25', heard: 'thirty five', at_s: 0.3, script_from: from, script_to: from + 3 })
    const [c] = contestsFor(SCRIPT, check(price), heard)
    expect(c?.script).toContainEqual(['twenty', 'five', 'dollars'])
    expect(c?.rival).toEqual(['thirty', 'five'])
    expect(contestsFor(SCRIPT, check(issue({ certainty: 'unsure' })), HEARD)).toEqual([])
    expect(contestsFor(SCRIPT, check(issue({ severity: 'soft' })), HEARD)).toEqual([])
  })

  it('asks for a skip with nothing as the rival, anchored on the words heard around it', () => {
    const skipped = issue({ kind: 'missing', heard: null, at_s: 0.8 })
    const heard = words(['the', 0.1, 0.2], ['sale', 0.2, 0.5], ['ends', 0.5, 0.8], ['at', 0.9, 1.0])
    expect(contestsFor(SCRIPT, check(skipped), heard)[0]).toMatchObject({ before: 'ends', after: 'at', rival: [] })
  })

  it('keeps "Differs" only where the rival won clearly, and never makes a finding surer', () => {
    const model = scriptModel(SCRIPT)
    const at = model.words.findIndex((w) => w.text === 'Friday')
    const place = { script_from: model.words[at]!.from, script_to: model.words[at]!.to }
    const sure: CertaintyJudge = () => 'sure'
    const unsure: CertaintyJudge = () => 'unsure'
    const judged = (margin: number | null, judge = sure) =>
      withContests(judge, model.words, [{ ...place, margin }])('changed', [at], [])
    expect(judged(CONTEST_MARGIN + 1)).toBe('sure')
    expect(judged(CONTEST_MARGIN - 0.5)).toBe('unsure')
    expect(judged(null)).toBe('unsure')
    expect(judged(CONTEST_MARGIN + 10, unsure)).toBe('unsure')
    // A finding no contest was heard for is judged as before.
    expect(withContests(sure, model.words, [{ ...place, margin: null }])('changed', [at + 1], [])).toBe('sure')
  })

  it('a contest kept beside a take counts in a version only where the script still has its words there', () => {
    const model = scriptModel(SCRIPT)
    const at = model.words.findIndex((w) => w.text === 'Friday')
    const { from, to } = model.words[at]!
    const kept = { script_from: from, script_to: to, start_s: 1, end_s: 1.4, margin: null }
    const sure: CertaintyJudge = () => 'sure'
    const judged = (text: string) => withContests(sure, model.words, [{ ...kept, text }], SCRIPT)('changed', [at], [])
    expect(judged(SCRIPT.slice(from, to))).toBe('unsure')
    // A revision put other words at those offsets: the kept contest is not theirs.
    expect(judged('Monday')).toBe('sure')
  })

  it('reads the acoustic score and the frames of a -hypseg line, and nothing from a line without a reading', () => {
    expect(hypsegScore('c0 S -3 T -1200 A -1000 L -200 0 -400 -10 ends 30 -600 -190 friday 88')).toEqual({
      ascr: -1000,
      frames: 88,
    })
    expect(hypsegScore('c0')).toBeNull()
  })
})
