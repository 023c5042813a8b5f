/**
 * The sherpa-onnx model Booth uses for the read-back: an offline English Zipformer transducer (int8,
 * about 72 MB) that gives token timestamps. Booth keeps it in `<dataFolder>/models/<id>/`; the talent
 * gets it once from Settings, or chooses a folder that holds such a model.
 */
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'

export interface ModelSpec {
  id: string
  title: string
  /** Hugging Face repository and revision the files come from. */
  repo: string
  revision: string
  files: string[]
  /** The download's size before the file list is read (shown as "about … MB"). */
  approxBytes: number
}

export const SHERPA_MODEL: ModelSpec = {
  id: 'sherpa-onnx-zipformer-gigaspeech-2023-12-12',
  title: 'English Zipformer (GigaSpeech, offline, int8)',
  repo: 'k2-fsa/sherpa-onnx-zipformer-gigaspeech-2023-12-12',
  revision: 'main',
  files: [
    'encoder-epoch-30-avg-1.int8.onnx',
    'decoder-epoch-30-avg-1.int8.onnx',
    'joiner-epoch-30-avg-1.int8.onnx',
    'tokens.txt',
  ],
  approxBytes: 71_600_000,
}

export function defaultModelDir(dataDir: string, spec: ModelSpec = SHERPA_MODEL): string {
  return join(dataDir, 'models', spec.id)
}

export interface TransducerFiles {
  encoder: string
  decoder: string
  joiner: string
  tokens: string
}

/** Prefers the int8 file of a part when both are there (smaller and faster, same words). */
function pick(names: string[], part: string): string | null {
  const all = names.filter((n) => n.startsWith(part) && n.endsWith('.onnx')).sort()
  return all.find((n) => n.includes('.int8.')) ?? all[0] ?? null
}

/**
 * The transducer files in a folder, or one sentence saying what is missing. A folder qualifies when it
 * holds encoder*.onnx, decoder*.onnx, joiner*.onnx and tokens.txt, none of them empty.
 */
export async function findTransducer(dir: string): Promise<TransducerFiles | string> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch {
    return `There is no speech model folder at ${dir}.`
  }
  const encoder = pick(names, 'encoder')
  const decoder = pick(names, 'decoder')
  const joiner = pick(names, 'joiner')
  const tokens = names.includes('tokens.txt') ? 'tokens.txt' : null
  const lacking = [
    ['encoder', encoder],
    ['decoder', decoder],
    ['joiner', joiner],
    ['tokens.txt', tokens],
  ]
    .filter(([, f]) => !f)
    .map(([n]) => n)
  if (lacking.length) {
    return (
      `The folder ${dir} is not a Zipformer transducer model: it lacks ${lacking.join(', ')} (a ` +
      `model folder holds encoder, decoder and joiner .onnx files and tokens.txt).`
    )
  }
  const files = {
    encoder: join(dir, encoder as string),
    decoder: join(dir, decoder as string),
    joiner: join(dir, joiner as string),
    tokens: join(dir, tokens as string),
  }
  for (const path of Object.values(files)) {
    const size = await stat(path).then(
      (s) => s.size,
      () => 0,
    )
    if (size === 0) return `The model file ${path} is empty or unreadable; get the model again from Settings.`
  }
  return files
}
