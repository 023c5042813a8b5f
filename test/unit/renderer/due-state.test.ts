import { describe, expect, it } from 'vitest'
import { describeDue } from '../../../renderer/src/format/due-state'

const today = '2025-03-05'

describe('describeDue', () => {
  it('says overdue in words with how late, in the danger tone', () => {
    const d = describeDue({ due_state: 'overdue', due_date: '2025-03-03' }, today)
    expect(d).toMatchObject({ label: 'Overdue 2 days', tone: 'danger' })
    expect(d.sentence).toBe('Overdue 2 days: was due Mon, Mar 3')
    expect(describeDue({ due_state: 'overdue', due_date: '2025-03-04' }, today).label).toBe('Overdue 1 day')
    expect(describeDue({ due_state: 'overdue', due_date: null }, today).label).toBe('Overdue')
  })
  it('makes today stand out in words and tone', () => {
    expect(describeDue({ due_state: 'today', due_date: today }, today)).toMatchObject({ label: 'Due today', tone: 'warning' })
  })
  it('counts days for due soon', () => {
    expect(describeDue({ due_state: 'soon', due_date: '2025-03-06' }, today).label).toBe('Due tomorrow')
    expect(describeDue({ due_state: 'soon', due_date: '2025-03-08' }, today).label).toBe('Due in 3 days')
    expect(describeDue({ due_state: 'soon', due_date: null }, today).label).toBe('Due soon')
  })
  it('keeps later, stale and none calm', () => {
    expect(describeDue({ due_state: 'later', due_date: '2025-04-01' }, today)).toMatchObject({ tone: 'calm', sentence: 'Due Tue, Apr 1' })
    expect(describeDue({ due_state: 'stale', due_date: '2025-01-01' }, today)).toMatchObject({ label: 'Stale', tone: 'muted' })
    expect(describeDue({ due_state: 'none', due_date: null }, today)).toMatchObject({ label: 'No due date', date: '' })
  })
})
