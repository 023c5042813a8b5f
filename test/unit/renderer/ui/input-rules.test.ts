import { describe, expect, it } from 'vitest'
import { checkSignInForm } from '../../../../renderer/src/session/sign-in-form'
import { listCommand } from '../../../../renderer/src/jobs/list-keys'
import { clampScriptSize } from '../../../../renderer/src/script/reading/script-font-size'
import { readSavedTheme, resolveTheme } from '../../../../renderer/src/ui/theme/theme-preference'
import { safeHttpUrl } from '../../../../renderer/src/ui/format/safe-url'
import { errorText } from '../../../../renderer/src/store/error-text'

describe('checkSignInForm', () => {
  it('accepts a good address and key', () => {
    expect(checkSignInForm(' https://talent.example.com ', 'abcdefgh12345')).toBeNull()
  })
  it('explains each bad input in words', () => {
    expect(checkSignInForm('', 'abcdefgh')).toMatch(/Enter the platform address/)
    expect(checkSignInForm('talent.example.com', 'abcdefgh')).toMatch(/is not a web address/)
    expect(checkSignInForm('ftp://x.example', 'abcdefgh')).toMatch(/must start with https/)
    expect(checkSignInForm('https://x.example', '')).toMatch(/Enter your API key/)
    expect(checkSignInForm('https://x.example', 'short')).toMatch(/too short/)
    expect(checkSignInForm('https://x.example', 'k'.repeat(4097))).toMatch(/too long/)
  })
})

describe('listCommand', () => {
  const none = { ctrl: false, meta: false, alt: false }
  it('maps keys to list moves', () => {
    expect(listCommand('j', false, none)).toBe('next')
    expect(listCommand('ArrowDown', false, none)).toBe('next')
    expect(listCommand('k', false, none)).toBe('previous')
    expect(listCommand('Enter', false, none)).toBe('open')
    expect(listCommand('/', false, none)).toBe('search')
    expect(listCommand('Escape', false, none)).toBe('close')
  })
  it('leaves letters alone while typing and with modifier keys', () => {
    expect(listCommand('j', true, none)).toBeNull()
    expect(listCommand('/', true, none)).toBeNull()
    expect(listCommand('j', false, { ...none, ctrl: true })).toBeNull()
    expect(listCommand('Escape', true, none)).toBe('close')
  })
})

describe('preferences', () => {
  it('keeps the script size within 18–40 px', () => {
    expect(clampScriptSize('30')).toBe(30)
    expect(clampScriptSize(4)).toBe(18)
    expect(clampScriptSize(99)).toBe(40)
    expect(clampScriptSize('big')).toBe(26)
    expect(clampScriptSize(null)).toBe(26)
  })
  it('honours a saved theme, then the system, then dark', () => {
    expect(resolveTheme('light', false)).toBe('light')
    expect(resolveTheme(null, true)).toBe('light')
    expect(resolveTheme(null, false)).toBe('dark')
    expect(resolveTheme(null, null)).toBe('dark')
    expect(readSavedTheme({ getItem: () => 'purple' })).toBeNull()
    expect(readSavedTheme({ getItem: () => 'light' })).toBe('light')
    expect(
      readSavedTheme({
        getItem: () => {
          throw new Error('denied')
        },
      }),
    ).toBeNull()
  })
})

describe('links and errors', () => {
  it('keeps only http(s) links', () => {
    expect(safeHttpUrl('https://cdn.example/x.pdf')).toBe('https://cdn.example/x.pdf')
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull()
    expect(safeHttpUrl('data:text/html,<b>')).toBeNull()
    expect(safeHttpUrl('file:///etc/passwd')).toBeNull()
    expect(safeHttpUrl(null)).toBeNull()
  })
  it('strips Electron’s wrapper from bridge errors', () => {
    expect(errorText(new Error("Error invoking remote method 'booth:call': Error: The key was refused."))).toBe(
      'The key was refused.',
    )
    expect(errorText(null)).toMatch(/did not answer/)
  })
})
