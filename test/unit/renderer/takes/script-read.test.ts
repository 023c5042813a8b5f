import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { describeOlderRead, olderReadTexts } from '../../../../renderer/src/takes/script-read'
import { scriptDiff } from '../../../../renderer/src/ui/diff/word-diff'
import { takeMetaProblem } from '../../../../main/takes/take-meta-file'

type ReadFrom = Parameters<typeof olderReadTexts>[0]
type Revision = Parameters<typeof olderReadTexts>[1]
/** Both steps on this thread (components run the diff in a worker through useOlderRead). */
function olderRead(take: ReadFrom, current: Revision) {
  const texts = olderReadTexts(take, current)
  return texts ? describeOlderRead(scriptDiff(texts.read, texts.current).segments) : null
}

describe('a take read from an older script', () => {
  it('is not marked without a remembered read, or on the same revision', () => {
    expect(olderRead({}, { revision_id: '5', text: 'a b' })).toBeNull()
    expect(olderRead({ script_read: { revision_id: '5', text: 'a b' } }, { revision_id: '5', text: 'a b' })).toBeNull()
  })
  it('names what changed since, in words', () => {
    const older = olderRead(
      { script_read: { revision_id: '5', text: 'Two pairs of glasses for ninety pounds.' } },
      { revision_id: '9', text: 'Two pairs of glasses for just one hundred pounds.' },
    )
    expect(older?.words).toBe('3 words added, 1 word removed')
    expect(older?.segments.some((s) => s.kind === 'added')).toBe(true)
  })
  it('compares the text when a revision id is missing', () => {
    expect(
      olderRead({ script_read: { revision_id: null, text: 'same' } }, { revision_id: '3', text: 'same' }),
    ).toBeNull()
    expect(
      olderRead({ script_read: { revision_id: null, text: 'old' } }, { revision_id: '3', text: 'new' })?.words,
    ).toBe('1 word added, 1 word removed')
  })
  it('never throws on any text', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const r = olderRead({ script_read: { revision_id: '1', text: a } }, { revision_id: '2', text: b })
        expect(r).not.toBeNull()
      }),
    )
  })
})

describe('take metadata keeps the script read', () => {
  const base = {
    schema: 1,
    id: 't1',
    job_id: '1',
    file_name: 'A_main_01.wav',
    label: 'main',
    take_number: 1,
    note: null,
    preflight: null,
    created_at: '2026-01-01T00:00:00.000Z',
    source: 'recorded',
    original_name: null,
    state: 'ready',
    spot_length_s: 30,
    job_kind: 'dry_voice',
    trim: { head_s: 0, tail_s: 0 },
    upload: { handle: null, offset: 0, status: 'none' },
    delivery: { idempotency_key: null, delivery_id: null, status: 'none', queued: false },
  }
  it('accepts old files without it, and a valid one', () => {
    expect(takeMetaProblem(base)).toBeNull()
    expect(takeMetaProblem({ ...base, script_read: { revision_id: '4', text: 'x' } })).toBeNull()
  })
  it('says what is wrong with a damaged one', () => {
    expect(takeMetaProblem({ ...base, script_read: { revision_id: 4, text: 'x' } })).toBe(
      'script_read must be {revision_id, text} or null',
    )
  })
})
