/**
 * Where pocketsphinx and its US English model are: Debian/Ubuntu's `pocketsphinx` + `pocketsphinx-en-us`
 * packages, Homebrew's prefix, or BOOTH_POCKETSPHINX / BOOTH_POCKETSPHINX_MODEL set by hand.
 */
import { access } from 'node:fs/promises'
import { basename, delimiter, dirname, join } from 'node:path'

export interface PocketsphinxSetup {
  /** pocketsphinx_continuous (streaming). */
  binary: string
  /** pocketsphinx_batch (whole takes), beside it, for the read-back's second hearing; null when it is not there. */
  batch: string | null
  /** Acoustic model folder (holds mdef, means, …). */
  hmm: string
  /** Pronunciation dictionary of the model. */
  dict: string
  /** The general English language model beside it (en-us.lm.bin), when present: its commonest words join the read-back's vocabulary. */
  generalLm: string | null
}

const MODEL_ROOTS = [
  '/usr/share/pocketsphinx/model/en-us',
  '/usr/local/share/pocketsphinx/model/en-us',
  '/opt/homebrew/share/pocketsphinx/model/en-us',
]

async function exists(path: string): Promise<boolean> {
  try {
    await access(path)
    return true
  } catch {
    return false
  }
}

async function onPath(name: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  for (const dir of (env['PATH'] ?? '').split(delimiter)) {
    if (dir && (await exists(join(dir, name)))) return join(dir, name)
  }
  return null
}

/** The setup, or one sentence saying what is missing. */
export async function findPocketsphinx(env: NodeJS.ProcessEnv = process.env): Promise<PocketsphinxSetup | string> {
  const binary = env['BOOTH_POCKETSPHINX'] ?? (await onPath('pocketsphinx_continuous', env))
  if (!binary || !(await exists(binary))) {
    return 'pocketsphinx is not installed: install the pocketsphinx and pocketsphinx-en-us packages (apt-get install pocketsphinx pocketsphinx-en-us).'
  }
  const roots = env['BOOTH_POCKETSPHINX_MODEL'] ? [env['BOOTH_POCKETSPHINX_MODEL']] : MODEL_ROOTS
  for (const root of roots) {
    const hmm = join(root, 'en-us')
    const dict = join(root, 'cmudict-en-us.dict')
    const generalLm = join(root, 'en-us.lm.bin')
    if ((await exists(join(hmm, 'mdef'))) && (await exists(dict))) {
      const batch = join(dirname(binary), basename(binary).replace('continuous', 'batch'))
      return {
        binary,
        batch: batch !== binary && (await exists(batch)) ? batch : null,
        hmm,
        dict,
        generalLm: (await exists(generalLm)) ? generalLm : null,
      }
    }
  }
  return 'The US English model of pocketsphinx is missing: install the pocketsphinx-en-us package.'
}
