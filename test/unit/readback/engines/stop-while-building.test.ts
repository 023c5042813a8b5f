/**
 * A read-back stopped while the second hearing builds its model (the search for sound-alikes over the
 * dictionary takes seconds the first time) stops there, between two words, instead of finishing the build.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { ReadbackStoppedError } from '../../../../main/readback/engine'
import type { GeneralWord } from '../../../../main/readback/rivals/general-lm-words'
import { recogniserFiles } from '../../../../main/readback/engines/pocketsphinx/pocketsphinx-model'
import type { Dictionary } from '../../../../main/readback/script/pronunciations'
import { installedWords } from './installed-words'
import { SPOT_SCRIPT } from '../../../support/spot-script'

let dict: Dictionary = new Map()

/** A copy of the dictionary that counts the words looked up in it. */
class CountingDictionary extends Map<string, string[]> {
  lookups = 0
  override get(word: string): string[] | undefined {
    this.lookups++
    return super.get(word)
  }
}
let general: GeneralWord[] = []

beforeAll(async () => {
  const installed = await installedWords()
  dict = installed.dict
  general = installed.general
}, 60_000)

describe('a read-back stopped while its model is built', { timeout: 60_000 }, () => {
  it('does not start building once stopped', async () => {
    await expect(
      recogniserFiles({ script: SPOT_SCRIPT, dict, general, signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(ReadbackStoppedError)
  })

  it('stops between the words of the search for sound-alikes, long before the build would end', async () => {
    // Dictionaries of their own (nothing of the search is kept from another build) that count the words
    // looked up: the search looks up each script word's sound-alikes, so the count says how far it got.
    // Counted, not timed: on a shared machine a build's time varies twofold between runs.
    const full = new CountingDictionary(dict)
    const t0 = performance.now()
    await recogniserFiles({ script: SPOT_SCRIPT, dict: full, general })
    const whole = performance.now() - t0
    const stopped = new CountingDictionary(dict)
    const stop = new AbortController()
    const building = recogniserFiles({ script: SPOT_SCRIPT, dict: stopped, general, signal: stop.signal })
    // Stopped a tenth of the way in: past the script's own pronunciations, inside the search.
    setTimeout(() => stop.abort(), whole / 10)
    await expect(building).rejects.toBeInstanceOf(ReadbackStoppedError)
    expect(full.lookups).toBeGreaterThan(0)
    // A build that ran to its end before noticing would look up as many words as the whole one.
    expect(stopped.lookups).toBeLessThan(full.lookups / 2)
  })
})
