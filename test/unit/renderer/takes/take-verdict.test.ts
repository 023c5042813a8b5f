/**
 * One verdict per take (issue 41): the read-back's "Differs" and a green "No problems found" are never side
 * by side; the line says what each part checked, and is green only when every part found nothing.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ReadbackState } from '../../../../shared/bridge-readback'
import type { ReadbackIssue } from '../../../../shared/readback/types'
import { levelPart, readbackPart, takeVerdict } from '../../../../renderer/src/takes/take-verdict'

function issue(fields: Partial<ReadbackIssue>): ReadbackIssue {
  return {
    kind: 'changed',
    severity: 'high',
    expected: 'four',
    heard: 'for',
    at_s: 1.2,
    script_from: 0,
    script_to: 4,
    ...fields,
  } as ReadbackIssue
}
function done(verdict: 'matches' | 'check' | 'mismatch', issues: ReadbackIssue[]): ReadbackState {
  return {
    takeId: 't1',
    status: 'done',
    message: null,
    result: { check: { state: 'done', verdict, issues }, words: [{ word: 'four', start_s: 1, end_s: 1.3 }] },
  } as unknown as ReadbackState
}

describe("the take's verdict line", () => {
  it('a clean level beside a read-back that differs is not green, and says both', () => {
    const v = takeVerdict([
      levelPart([]),
      readbackPart(done('mismatch', [issue({ certainty: 'sure' }), issue({ certainty: 'sure', at_s: 3 })])),
    ])
    expect(v).toEqual({ text: 'Level and length: no problems · Read-back: differs at 2 places', tone: 'warning' })
  })

  it('says "differs" only for the places Booth is sure of, and names the rest as what they are', () => {
    const p = readbackPart(
      done('mismatch', [
        issue({ certainty: 'sure' }),
        issue({ certainty: 'unsure' }),
        issue({ restart: { from_s: 1, to_s: 2 } }),
        issue({ severity: 'soft' }),
      ]),
    )
    expect(p.said).toBe('differs at 1 place, listen at 1 place, 1 false start, 1 small slip')
    expect(readbackPart(done('check', [issue({ certainty: 'unsure' })])).said).toBe('listen at 1 place')
  })

  it('a take where nothing was heard says so, not "differs at 1 place"', () => {
    const silent = done('mismatch', [issue({ kind: 'missing', certainty: 'sure' })])
    if (silent.result) silent.result.words = []
    expect(readbackPart(silent)).toEqual({ what: 'Read-back', said: 'heard no speech', tone: 'warning' })
  })

  it('is green only when the measurement and the read-back both found nothing', () => {
    expect(takeVerdict([levelPart([]), readbackPart(done('matches', []))])).toEqual({
      text: 'Level and length: no problems · Read-back: matches the script',
      tone: 'success',
    })
    expect(takeVerdict([levelPart([{ tone: 'danger' }]), readbackPart(done('matches', []))]).tone).toBe('danger')
    // A read-back not run yet is not counted as clean.
    expect(
      takeVerdict([levelPart([]), readbackPart({ takeId: 't1', status: 'none', result: null, message: null })]),
    ).toEqual({
      text: 'Level and length: no problems · Read-back: not checked yet',
      tone: 'muted',
    })
    // Nor one whose state the page has not had from main yet; and that is not said as "not checked yet".
    expect(takeVerdict([levelPart([]), readbackPart(undefined)])).toEqual({
      text: 'Level and length: no problems · Read-back: …',
      tone: 'muted',
    })
    expect(readbackPart({ takeId: 't1', status: 'running', result: null, message: null }).said).toBe('listening…')
    expect(readbackPart({ takeId: 't1', status: 'failed', result: null, message: 'pocketsphinx died' }).said).toBe(
      'did not run',
    )
  })

  it('never green while any part warns, whatever the parts', () => {
    const tone = fc.constantFrom('success', 'warning', 'danger', 'muted' as const)
    fc.assert(
      fc.property(
        fc.array(fc.record({ what: fc.string(), said: fc.string(), tone }), { minLength: 1, maxLength: 4 }),
        (parts) => {
          const v = takeVerdict(parts)
          expect(v.tone === 'success').toBe(parts.every((p) => p.tone === 'success'))
          if (parts.some((p) => p.tone === 'warning' || p.tone === 'danger'))
            expect(['warning', 'danger']).toContain(v.tone)
        },
      ),
    )
  })
})
