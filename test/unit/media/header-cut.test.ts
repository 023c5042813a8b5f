/** The header check of dropped files answers a sentence or null for any bytes, and never throws. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { headerCutProblem } from '../../../main/media/header-cut'
import { bufferSource } from '../../../main/media/wav-bytes'

const MAGIC = [
  'RIFF',
  'RF64',
  'FORM',
  'fLaC',
  'ID3\u0004',
  '\u0000\u0000\u0000\u0018ftyp',
  'FORM\u0000\u0000\u0000\u0010AIFF',
]

describe('headerCutProblem', () => {
  it('answers null or one sentence for arbitrary bytes behind any known start (property)', async () => {
    const bytes = fc
      .tuple(fc.constantFrom(...MAGIC), fc.uint8Array({ maxLength: 64 }), fc.nat({ max: 80 }))
      .map(([magic, rest, cut]) => Buffer.concat([Buffer.from(magic, 'latin1'), rest]).subarray(0, cut))
    await fc.assert(
      fc.asyncProperty(bytes, async (b) => {
        const answer = await headerCutProblem(bufferSource(b))
        if (answer !== null) expect(answer).toMatch(/^(ends|has) .+\.$/)
      }),
      { numRuns: 1000 },
    )
  })
})
