/**
 * `npm run readback -- TAKE.wav --script SCRIPT.txt [--engine sherpa-onnx|pocketsphinx] [--model DIR]`
 *
 * Prints { "check": {...}, "words": [{word, start_s, end_s}], "engine": "..." } as JSON on stdout.
 * Exit codes: 0 done; 1 no engine or model, or the take/script cannot be read (one sentence on stderr);
 * 2 wrong usage.
 */
import { open, readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { defaultDataDir } from '../../storage/data-dir'
import type { ReadbackResult } from '../../../shared/readback/types'
import { readBack } from '../read-back'
import { createEngines, pickEngine } from '../engines/engines'
import { defaultModelDir } from '../engines/sherpa/sherpa-model'

const USAGE =
  'Usage: npm run readback -- TAKE.wav --script SCRIPT.txt [--engine sherpa-onnx|pocketsphinx] [--model MODEL_FOLDER]'

interface ReadbackCliArgs {
  take: string
  script: string
  engine: string | null
  model: string | null
}

export function parseArgs(argv: readonly string[]): ReadbackCliArgs | string {
  const positionals: string[] = []
  const options = new Map<string, string>()
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (arg === '-h' || arg === '--help') return USAGE
    if (!arg.startsWith('--')) {
      positionals.push(arg)
      continue
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s) as [string, string | undefined]
    if (!['script', 'engine', 'model'].includes(name)) return `Unknown option --${name}. ${USAGE}`
    const value = inline ?? argv[++i]
    if (value === undefined || value === '') return `--${name} needs a value. ${USAGE}`
    options.set(name, value)
  }
  if (positionals.length !== 1) return `Give exactly one take file. ${USAGE}`
  const script = options.get('script')
  if (!script) return `Give the script with --script SCRIPT.txt. ${USAGE}`
  return {
    take: positionals[0] as string,
    script,
    engine: options.get('engine') ?? null,
    model: options.get('model') ?? null,
  }
}

/** Booth's data folder, for the downloaded model (BOOTH_DATA_DIR overrides). */
function dataDir(env: NodeJS.ProcessEnv): string {
  return env['BOOTH_DATA_DIR'] ?? defaultDataDir(process.platform, env)
}

export async function runReadbackCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const args = parseArgs(argv)
  if (typeof args === 'string')
    return {
      code: args === USAGE ? 0 : 2,
      stdout: args === USAGE ? `${USAGE}\n` : '',
      stderr: args === USAGE ? '' : `${args}\n`,
    }
  let script: string
  try {
    script = await readFile(args.script, 'utf8')
  } catch (err) {
    return {
      code: 1,
      stdout: '',
      stderr: `The script ${args.script} cannot be read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}.\n`,
    }
  }
  try {
    // Readable is enough here: one byte, not the whole take (which may be over 2 GiB).
    const take = await open(args.take, 'r')
    try {
      await take.read(Buffer.alloc(1), 0, 1, 0)
    } finally {
      await take.close()
    }
  } catch (err) {
    return {
      code: 1,
      stdout: '',
      stderr: `The take ${args.take} cannot be read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}.\n`,
    }
  }
  const modelDir = args.model ?? defaultModelDir(dataDir(env))
  try {
    const engine = await pickEngine(createEngines({ modelDir: () => modelDir, env }), args.engine)
    const result: ReadbackResult = await readBack(engine, args.take, script)
    return { code: 0, stdout: `${JSON.stringify(result, null, 2)}\n`, stderr: '' }
  } catch (err) {
    const message = (err as Error).message.replace(/\s+/g, ' ').trim()
    return { code: 1, stdout: '', stderr: `${/[.!?]$/.test(message) ? message : `${message}.`}\n` }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runReadbackCli(process.argv.slice(2)).then(
    ({ code, stdout, stderr }) => {
      process.stdout.write(stdout)
      process.stderr.write(stderr)
      process.exitCode = code
    },
    (err: unknown) => {
      process.stderr.write(`The read-back failed: ${err instanceof Error ? err.message : String(err)}\n`)
      process.exitCode = 1
    },
  )
}
