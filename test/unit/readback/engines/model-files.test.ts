/**
 * A behaviour guard for reshaping the read-back: the exact files pocketsphinx is handed for every script
 * of both read-back sets (TUNING and HELD_OUT), built without running a recogniser — the first hearing's
 * language model and dictionary (pocketsphinx-model.ts firstHearingFiles), and the second hearing's
 * fair-chance model, dictionary and the rivals it lets stand in each word's place (recogniserFiles) — hash
 * to one SHA-256 written here. A move or a rename that changes none of what the recogniser hears keeps it;
 * a change of what it hears changes it, and then the new hash is pasted here with the reason in the commit.
 */
import { createHash } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { GeneralWord } from '../../../../main/readback/rivals/general-lm-words'
import { firstHearingFiles, recogniserFiles } from '../../../../main/readback/engines/pocketsphinx/pocketsphinx-model'
import type { Dictionary } from '../../../../main/readback/script/pronunciations'
import { installedWords } from './installed-words'
import { HELD_OUT, TUNING } from '../../../support/readback-set'

/** The files of today's read-back (computed once on the code before the read-back was put in stages). */
const MODEL_FILES_SHA256 = '00ebc21d55c94b5faf4330fab64bb86b5bd708fe2458292a06c1efd977effc5b'

let dict: Dictionary = new Map()
let general: GeneralWord[] = []

beforeAll(async () => {
  const installed = await installedWords()
  dict = installed.dict
  general = installed.general
}, 60_000)

describe('the model files pocketsphinx hears the read-back sets with', { timeout: 300_000 }, () => {
  it('are the same as before, byte for byte', async () => {
    const hash = createHash('sha256')
    const part = (name: string, text: string) => hash.update(`${name}\0${text.length}\0${text}\0`)
    for (const spot of [...TUNING, ...HELD_OUT]) {
      const first = await firstHearingFiles(spot.script, dict)
      part(`${spot.id} script.lm`, first.arpa)
      part(`${spot.id} script.dict`, first.dict)
      part(`${spot.id} sentences`, JSON.stringify(first.sentences))
      const second = await recogniserFiles({ script: spot.script, dict, general })
      part(`${spot.id} fair.lm`, second.arpa)
      part(`${spot.id} fair.dict`, second.dict)
      part(`${spot.id} rivals`, JSON.stringify([...second.rivals].map(([w, r]) => [w, [...r].sort()]).sort()))
      part(`${spot.id} script words`, JSON.stringify([...second.scriptWords].sort()))
    }
    expect(hash.digest('hex')).toBe(MODEL_FILES_SHA256)
  })
})
