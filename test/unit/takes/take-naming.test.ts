/**
 * A take's name keeps the key number as the job writes it: the API's suggested stem may run the key
 * number together (HOLLISANDFINCHOPTICIANS_HOLF919620), and a producer who files by key number then cannot
 * find the take; Booth puts the key number's own hyphens back, and leaves any other stem as it is.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { safeStem, stemWithKeyNumber, takeFileName } from '../../../main/takes/take-naming'
import { createJobFactsLookup } from '../../../main/takes/job-facts-lookup'
import { createLog } from '../../../main/logging/redacting-log'
import type { TalentClient } from '../../../main/api/client'

describe('stemWithKeyNumber', () => {
  it('keeps the key number’s own hyphens in the take’s name', () => {
    expect(stemWithKeyNumber('HOLLISANDFINCHOPTICIANS_HOLF919620', 'HOLF-9196-20')).toBe(
      'HOLLISANDFINCHOPTICIANS_HOLF-9196-20',
    )
    expect(
      takeFileName(
        safeStem(stemWithKeyNumber('HOLLISANDFINCHOPTICIANS_HOLF919620', 'HOLF-9196-20'), '7'),
        'main',
        1,
        'wav',
      ),
    ).toBe('HOLLISANDFINCHOPTICIANS_HOLF-9196-20_main_01.wav')
    // Any case, any place among the parts; a key with other separators keeps them file-safe.
    expect(stemWithKeyNumber('holf919620_Hollis', 'HOLF-9196-20')).toBe('HOLF-9196-20_Hollis')
    expect(stemWithKeyNumber('ACME_WXYZ1234', 'WXYZ 1234')).toBe('ACME_WXYZ_1234')
    expect(stemWithKeyNumber('ACME_AB12CD', 'AB.12/CD')).toBe('ACME_AB.12_CD')
  })
  it('leaves a stem alone when the key number is not in it whole, or has nothing to restore', () => {
    expect(stemWithKeyNumber('ACME_SPRING30', 'SPRING30')).toBe('ACME_SPRING30')
    expect(stemWithKeyNumber('ACME_HOLF9196', 'HOLF-9196-20')).toBe('ACME_HOLF9196')
    expect(stemWithKeyNumber('ACME_XHOLF919620', 'HOLF-9196-20')).toBe('ACME_XHOLF919620')
    expect(stemWithKeyNumber('ACME_HOLF-9196-20', 'HOLF-9196-20')).toBe('ACME_HOLF-9196-20')
    expect(stemWithKeyNumber('ACME', '---')).toBe('ACME')
    expect(stemWithKeyNumber(null, 'HOLF-9196-20')).toBeNull()
    expect(stemWithKeyNumber('ACME_X1', undefined)).toBe('ACME_X1')
  })
  it('never throws on any text, and a file-safe stem stays file-safe', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (stem, key) => {
        const out = stemWithKeyNumber(stem, key)
        expect(typeof out).toBe('string')
        const name = safeStem(out, '9')
        expect(name).toMatch(/^[A-Za-z0-9._-]+$/)
        // Only the hyphens and dots of the key number (or file-safe stand-ins) are ever added.
        expect((out ?? '').replace(/[-._]/g, '').toUpperCase()).toBe(stem.replace(/[-._]/g, '').toUpperCase())
      }),
    )
  })
  it('is what a new take is named by, from the API or the saved copy of its job', async () => {
    const log = createLog({ sink: { write: () => undefined } })
    const client = {
      getJob: async () => ({
        job: {
          suggested_stem: 'HOLLISANDFINCHOPTICIANS_HOLF919620',
          key_number: 'HOLF-9196-20',
          length_s: 20,
          kind: 'dry_voice',
        },
      }),
    } as unknown as TalentClient
    expect((await createJobFactsLookup(() => client, log)('5'))?.stem).toBe('HOLLISANDFINCHOPTICIANS_HOLF-9196-20')
  })
})
