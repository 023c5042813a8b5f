import { describe, expect, it } from 'vitest'
import {
  bulkLimitProblem,
  checkRange,
  refreshChecked,
  setPageChecked,
  toggleChecked,
  uncheck,
} from '../../../../renderer/src/store/check-selection'
import { listCommand } from '../../../../renderer/src/jobs/list-keys'
import { job } from '../support/fake-bridge'

const page = ['1', '2', '3', '4', '5'].map((id) => job(id))
const ids = (list: Array<{ job_id: string }>) => list.map((j) => j.job_id)

describe('ticking jobs for a bulk action', () => {
  it('toggles one job, keeping the order jobs were ticked in', () => {
    let checked = toggleChecked([], job('3'))
    checked = toggleChecked(checked, job('1'))
    expect(ids(checked)).toEqual(['3', '1'])
    expect(ids(toggleChecked(checked, job('3')))).toEqual(['1'])
  })

  it('ticks a range from the anchor in either direction, without duplicates', () => {
    expect(ids(checkRange([job('2')], page, '2', '4'))).toEqual(['2', '3', '4'])
    expect(ids(checkRange([], page, '4', '2'))).toEqual(['2', '3', '4'])
    // No anchor, or an anchor on another page: only the clicked job.
    expect(ids(checkRange([], page, null, '5'))).toEqual(['5'])
    expect(ids(checkRange([job('9')], page, '9', '1'))).toEqual(['9', '1'])
    // A job not on the page changes nothing.
    expect(ids(checkRange([job('2')], page, '2', '77'))).toEqual(['2'])
  })

  it('ticks and unticks a whole page, leaving other pages’ ticks alone', () => {
    const withOther = [job('9'), job('2')]
    expect(ids(setPageChecked(withOther, page, true))).toEqual(['9', '2', '1', '3', '4', '5'])
    expect(ids(setPageChecked(withOther, page, false))).toEqual(['9'])
  })

  it('refreshes ticked summaries from a newer list and drops jobs acted on', () => {
    const newer = [job('2', { stage: 'accepted' })]
    const refreshed = refreshChecked([job('2'), job('9')], newer)
    expect(refreshed.map((j) => [j.job_id, j.stage])).toEqual([
      ['2', 'accepted'],
      ['9', 'sent'],
    ])
    expect(ids(uncheck(refreshed, ['9']))).toEqual(['2'])
  })

  it('says in words when a bulk action is over its limit', () => {
    expect(bulkLimitProblem('accept', 100)).toBeNull()
    expect(bulkLimitProblem('accept', 101)).toBe('You can accept at most 100 jobs at once; 101 are selected.')
    expect(bulkLimitProblem('decline', 0)).toBe('Select at least one job first.')
    expect(bulkLimitProblem('scriptsPdf', 25)).toBeNull()
    expect(bulkLimitProblem('scriptsPdf', 26)).toBe('A scripts PDF can hold at most 25 jobs at once; 26 are selected.')
  })

  it('maps x (and Shift+X, and Space) to ticking, never while typing', () => {
    const none = { ctrl: false, meta: false, alt: false }
    expect(listCommand('x', false, none)).toBe('toggle')
    expect(listCommand('X', false, none)).toBe('toggle')
    expect(listCommand(' ', false, none)).toBe('toggle')
    expect(listCommand('x', true, none)).toBeNull()
    expect(listCommand('x', false, { ...none, ctrl: true })).toBeNull()
  })
})
