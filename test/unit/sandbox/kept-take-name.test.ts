import { describe, expect, it } from 'vitest'
import { keptTakeName } from '../../../sandbox/domain/ops-deliveries'

const stem = 'HOLLISANDFINCHOPTICIANS_HOLF919620'

describe('the sandbox keeps a take name given by the talent app', () => {
  it('keeps the name with the key number written with its hyphens, and a version mark', () => {
    expect(keptTakeName('HOLLISANDFINCHOPTICIANS_HOLF-9196-20_main_01.wav', stem, 'main', 'wav')).toBe(
      'HOLLISANDFINCHOPTICIANS_HOLF-9196-20_main_01.wav',
    )
    expect(keptTakeName(`${stem}_alt_03.wav`, stem, 'alt', 'wav')).toBe(`${stem}_alt_03.wav`)
    expect(keptTakeName(`${stem}_main_02_v3.wav`, stem, 'main', 'wav')).toBe(`${stem}_main_02_v3.wav`)
  })

  it('gives any other name the service own name (null here)', () => {
    for (const name of [
      `${stem}_alt_01.wav`, // another label
      `${stem}_main_1.wav`, // not a two-digit number
      `${stem}_main_01.mp3`, // another extension
      'OTHER_HOLF919620_main_01.wav', // another stem
      'HOLLISANDFINCHOPTICIANS_HOLF_9196_20_main_01.wav', // underscores are not the key's hyphens
      'song.wav',
      '',
      `${stem}_main_01.wav`.padStart(201, 'x'),
    ])
      expect(keptTakeName(name, stem, 'main', 'wav'), name).toBeNull()
  })
})
