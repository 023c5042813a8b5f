import { describe, expect, it } from 'vitest'
import { diffStats, wordDiff } from '../../../renderer/src/script/word-diff'

describe('wordDiff', () => {
  it('marks changed words and keeps the rest', () => {
    const segs = wordDiff('Fresh Brezeln every morning from seven.', 'Fresh Brezeln every morning from six.')
    expect(segs.filter((s) => s.kind !== 'same').map((s) => [s.kind, s.text])).toEqual([
      ['removed', 'seven'],
      ['added', 'six'],
    ])
    expect(diffStats(segs)).toEqual({ added: 1, removed: 1 })
  })
  it('joins back into either text', () => {
    const a = 'Save 20 percent this weekend only.'
    const b = 'Save 25 percent all week long.'
    const segs = wordDiff(a, b)
    expect(segs.filter((s) => s.kind !== 'added').map((s) => s.text).join('')).toBe(a)
    expect(segs.filter((s) => s.kind !== 'removed').map((s) => s.text).join('')).toBe(b)
  })
  it('finds nothing changed in equal texts', () => {
    expect(diffStats(wordDiff('same words', 'same words'))).toEqual({ added: 0, removed: 0 })
  })
})
