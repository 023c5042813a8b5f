/**
 * The installed pocketsphinx's dictionary and its general model's words: what the second hearing builds
 * its model from (second-hearing.ts). Throws the setup's own sentence when pocketsphinx is missing.
 */
import { generalModelWords, type GeneralWord } from '../../../../main/readback/rivals/general-lm-words'
import { findPocketsphinx } from '../../../../main/readback/engines/pocketsphinx/pocketsphinx-setup'
import { dictionaryAt, type Dictionary } from '../../../../main/readback/script/pronunciations'

export async function installedWords(): Promise<{ dict: Dictionary; general: GeneralWord[] }> {
  const setup = await findPocketsphinx()
  if (typeof setup === 'string') throw new Error(setup)
  return {
    dict: await dictionaryAt(setup.dict),
    general: setup.generalLm ? await generalModelWords(setup.generalLm) : [],
  }
}
