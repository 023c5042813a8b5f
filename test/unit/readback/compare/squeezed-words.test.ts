import { describe, expect, it } from 'vitest'
import type { TimedWord } from '../../../../shared/readback/types'
import { compareToScript } from '../../../../main/readback/compare/compare'
import { listenHere, differs } from '../../../../shared/readback/certainty'

const SCRIPT = 'Bring the whole family this weekend.'
const SOUNDS = new Map([
  ['bring', ['B R IH1 NG']],
  ['the', ['DH AH0']],
  ['whole', ['HH OW1 L']],
  ['family', ['F AE1 M AH0 L IY0']],
  ['this', ['DH IH1 S']],
  ['weekend', ['W IY1 K EH2 N D']],
])

function heard(wholeFor: number, theFor = 0.05): TimedWord[] {
  const words: Array<[string, number]> = [
    ['bring', 0.3],
    ['the', theFor],
    ['whole', wholeFor],
    ['family', 0.5],
    ['this', 0.25],
    ['weekend', 0.5],
  ]
  let t = 0.2
  return words.map(([word, d]) => {
    const w = { word, start_s: t, end_s: t + d }
    t += d + 0.02
    return w
  })
}

describe('a word squeezed into a gap', () => {
  it('is "Listen here" (may have been left out) when heard at the least length its phones allow', () => {
    const check = compareToScript(SCRIPT, heard(0.09), { sounds: SOUNDS, now: 0 })
    const found = check.issues.filter((i) => i.expected === 'whole')
    expect(found).toHaveLength(1)
    expect(found[0]?.kind).toBe('missing')
    expect(listenHere(found[0]!)).toBe(true)
    expect(check.issues.some(differs)).toBe(false)
    expect(check.verdict).toBe('check')
  })

  it('raises nothing for a word heard at a length it can be said in, nor for a small word at its least', () => {
    for (const sounds of [SOUNDS, undefined]) {
      const check = compareToScript(SCRIPT, heard(0.2), { ...(sounds ? { sounds } : {}), now: 0 })
      expect(check.issues).toEqual([])
      expect(check.verdict).toBe('matches')
    }
    // Without the dictionary's sounds nothing is judged by length.
    expect(compareToScript(SCRIPT, heard(0.05), { now: 0 }).issues).toEqual([])
  })
})
