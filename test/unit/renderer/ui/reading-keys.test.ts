import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { readingCommand, type ReadingKeyInput } from '../../../../renderer/src/reading/reading-keys'
import { shortcutGroups } from '../../../../renderer/src/ui/keyboard/shortcuts'
import { VIEW_ENTRIES } from '../../../../renderer/src/ui/keyboard/views'
import { takeName } from '../../../../renderer/src/takes/take-numbers'

const base: ReadingKeyInput = {
  key: '',
  typing: false,
  dialogOpen: false,
  jobOpen: true,
  ctrl: false,
  meta: false,
  alt: false,
}
const press = (key: string, extra: Partial<ReadingKeyInput> = {}) => readingCommand({ ...base, key, ...extra })

describe('reading-mode keys', () => {
  it('maps each key to its command with a job open', () => {
    expect(press('?')).toBe('help')
    expect(press('\\')).toBe('toggle-list')
    expect(press('+')).toBe('bigger')
    expect(press('=')).toBe('bigger')
    expect(press('-')).toBe('smaller')
    expect(press('l')).toBe('next-label')
    expect(press('p')).toBe('prompter')
    expect(press('h')).toBe('play-last')
    expect(press('d')).toBe('deliver')
  })

  it('with no job open only ? works', () => {
    expect(press('?', { jobOpen: false })).toBe('help')
    for (const k of ['\\', '+', '-', 'l', 'p', 'h', 'd']) expect(press(k, { jobOpen: false })).toBeNull()
  })

  it('never fires while typing, with a modifier, or under a dialog', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 3 }),
        fc.constantFrom<Partial<ReadingKeyInput>>(
          { typing: true },
          { dialogOpen: true },
          { ctrl: true },
          { meta: true },
          { alt: true },
        ),
        (key, extra) => {
          expect(press(key, extra)).toBeNull()
        },
      ),
    )
  })
})

describe('the shortcut list', () => {
  it('names every view key and every reading key, with ⌘ on a Mac and Ctrl+ elsewhere', () => {
    const mac = shortcutGroups(true).flatMap((g) => g.items)
    const pc = shortcutGroups(false).flatMap((g) => g.items)
    for (const e of VIEW_ENTRIES) {
      expect(mac.some((s) => s.keys.includes(`⌘${e.digit}`) && s.keys.includes(`g ${e.letter}`))).toBe(true)
      expect(pc.some((s) => s.keys.includes(`Ctrl+${e.digit}`))).toBe(true)
    }
    const keys = pc.flatMap((s) => s.keys)
    for (const k of ['Space', 'l', 'p', 'h', 'd', '?', '\\', '+', 'Esc', 'j', 'k', 'Enter', 'x', '/'])
      expect(keys).toContain(k)
  })
})

describe('take names', () => {
  it('is the file name without its extension, the name the producer receives', () => {
    expect(takeName({ file_name: 'MILL-0042_main_03.wav', take_number: 3 })).toBe('MILL-0042_main_03')
    expect(takeName({ file_name: 'MILL-0042_alt_12.flac', take_number: 12 })).toBe('MILL-0042_alt_12')
  })
  it('falls back to the number when the file name is empty', () => {
    expect(takeName({ file_name: '.wav', take_number: 4 })).toBe('Take 4')
  })
})
