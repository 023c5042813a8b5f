import { describe, expect, it } from 'vitest'
import {
  G_SEQUENCE_MS,
  NO_PENDING,
  viewKeyStep,
  type ViewKeyInput,
  type ViewKeyState,
} from '../../../../renderer/src/app/navigation/view-keys'
import { VIEW_ENTRIES, shortcutText, viewEntry } from '../../../../renderer/src/ui/keyboard/views'
import { isMac } from '../../../../renderer/src/ui/keyboard/platform'
import { BOOTH_VIEWS } from '../../../../renderer/src/store/view-slice'

const key = (k: string, extra: Partial<ViewKeyInput> = {}): ViewKeyInput => ({
  key: k,
  typing: false,
  ctrl: false,
  meta: false,
  alt: false,
  shift: false,
  ...extra,
})

/** Presses keys in order (10 ms apart unless told), answering the last step and the views chosen. */
function press(keys: Array<ViewKeyInput | [ViewKeyInput, number]>, start: ViewKeyState = NO_PENDING) {
  let state = start
  let now = 1000
  const views: string[] = []
  const consumed: boolean[] = []
  for (const entry of keys) {
    const [input, gap] = Array.isArray(entry) ? entry : [entry, 10]
    now += gap
    const step = viewKeyStep(state, input, now)
    state = step.state
    consumed.push(step.consumed)
    if (step.view) views.push(step.view)
  }
  return { views, consumed, state }
}

describe('navigation keys', () => {
  it('g then a letter opens each part, and uses both keys', () => {
    const letters: Record<string, string> = {
      j: 'jobs',
      e: 'earnings',
      a: 'availability',
      p: 'preferences',
      c: 'consent',
      s: 'settings',
    }
    for (const [letter, view] of Object.entries(letters)) {
      const r = press([key('g'), key(letter)])
      expect(r.views).toEqual([view])
      expect(r.consumed).toEqual([true, true])
      expect(r.state).toEqual(NO_PENDING)
    }
  })

  it('Ctrl or Cmd with 1…6 opens the parts in sidebar order, also from a text field', () => {
    expect(BOOTH_VIEWS.map((_, i) => press([key(String(i + 1), { ctrl: true, typing: true })]).views[0])).toEqual([
      ...BOOTH_VIEWS,
    ])
    expect(press([key('3', { meta: true })]).views).toEqual(['availability'])
    // Layouts whose digits need Shift still send the Digit code.
    expect(press([key('"', { ctrl: true, shift: true, code: 'Digit3' })]).views).toEqual(['availability'])
    expect(press([key('7', { ctrl: true })])).toMatchObject({ views: [], consumed: [false] })
    expect(press([key('2', { ctrl: true, alt: true })])).toMatchObject({ views: [], consumed: [false] })
    expect(press([key('2', { ctrl: true, meta: true })])).toMatchObject({ views: [], consumed: [false] })
  })

  it('g waits only 1.5 s for its letter; then the letter is an ordinary key again', () => {
    expect(press([key('g'), [key('e'), G_SEQUENCE_MS]]).views).toEqual(['earnings'])
    const late = press([key('g'), [key('e'), G_SEQUENCE_MS + 1]])
    expect(late).toMatchObject({ views: [], consumed: [true, false] })
  })

  it('a key that is not a part ends the sequence and keeps its own meaning', () => {
    const r = press([key('g'), key('x'), key('e')])
    expect(r).toMatchObject({ views: [], consumed: [true, false, false] })
    // g g keeps waiting; Shift on its own does not end the wait.
    expect(press([key('g'), key('g'), key('Shift'), key('s')]).views).toEqual(['settings'])
  })

  it('never while typing, with Alt/Ctrl/Cmd letters, or for capital G and held-down g', () => {
    expect(press([key('g', { typing: true }), key('e', { typing: true })])).toMatchObject({
      views: [],
      consumed: [false, false],
    })
    expect(press([key('g'), key('e', { typing: true })])).toMatchObject({ views: [], consumed: [true, false] })
    expect(press([key('g', { ctrl: true }), key('e')])).toMatchObject({ views: [], consumed: [false, false] })
    expect(press([key('g'), key('e', { alt: true })])).toMatchObject({ views: [], consumed: [true, false] })
    expect(press([key('G', { shift: true }), key('e')])).toMatchObject({ views: [], consumed: [false, false] })
    expect(press([key('g', { repeat: true }), key('e')])).toMatchObject({ views: [], consumed: [false, false] })
  })
})

describe('the parts and their shortcuts', () => {
  it('one entry per part with a distinct letter and digits 1…6', () => {
    expect(VIEW_ENTRIES.map((e) => e.view)).toEqual([...BOOTH_VIEWS])
    expect(new Set(VIEW_ENTRIES.map((e) => e.letter)).size).toBe(VIEW_ENTRIES.length)
    expect(VIEW_ENTRIES.map((e) => e.digit)).toEqual([1, 2, 3, 4, 5, 6])
    // The job list's own single letters stay free of the g sequences' second letters, except j (which g consumes).
    for (const taken of ['k', 'x', '/']) expect(VIEW_ENTRIES.some((e) => e.letter === taken)).toBe(false)
  })

  it('says the keys in the platform’s words', () => {
    expect(shortcutText(viewEntry('earnings'), false)).toBe('g e · Ctrl+2')
    expect(shortcutText(viewEntry('settings'), true)).toBe('g s · ⌘6')
    expect(isMac({ platform: 'MacIntel', userAgent: '' })).toBe(true)
    expect(isMac({ platform: 'Win32', userAgent: 'Mozilla/5.0 (Windows NT 10.0)' })).toBe(false)
    expect(isMac({ platform: '', userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)' })).toBe(true)
    expect(isMac(undefined)).toBe(false)
  })
})
