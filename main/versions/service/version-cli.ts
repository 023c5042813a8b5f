/**
 * What `npm run pickup` and `npm run comp` share: their arguments (files, --script, -o, --pick,
 * --take-script, --engine, --model), a scratch folder for the recordings and renders, reading each input
 * (a file that cannot be read is named in one sentence), and the finish: the render copied to the output only when everything
 * worked, measured (the API's preflight) and read back (the read-back's check). Exit codes: 0 done; 1 a
 * file, pickup or sentence refused (one sentence on stderr, no output file); 2 wrong usage.
 */
import { copyFile, mkdtemp, open, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Preflight } from '../../audio/preflight'
import { measureTake } from '../../audio/measure-take'
import { compareToScript, defaultModelDir } from '../../readback/index'
import { defaultDataDir } from '../../storage/data-dir'
import { checkOutput, writeOutputSafely } from '../../storage/safe-output'
import type { ReadbackCheck } from '../../../shared/readback/types'
import type { EditList } from '../../../shared/versions/edit-list'
import { Recordings, type RecordingRef } from '../store/recordings'
import { renderCached } from '../store/render-cache'
import { createTranscriber } from '../hearing/transcriber'
import type { Transcribe } from '../hearing/version-inputs'

export interface CliArgs {
  files: string[]
  script: string
  output: string
  picks: Array<{ sentence: number; file: string }>
  /**
   * The scripts takes were read from, when the producer revised it since (--take-script): for a pickup one
   * OLD.txt (file null, the take's); for a comp TAKE.wav=OLD.txt, one per take read from an older script.
   */
  takeScripts: Array<{ file: string | null; script: string }>
  engine: string | null
  model: string | null
}

export interface CliOutcome {
  code: number
  stdout: string
  stderr: string
}

/** A refusal for the person: printed as it is, exit 1. */
export class CliRefusal extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CliRefusal'
  }
}

export function parseCliArgs(argv: readonly string[], usage: string, allowPicks: boolean): CliArgs | string {
  const files: string[] = []
  const picks: CliArgs['picks'] = []
  const takeScripts: CliArgs['takeScripts'] = []
  const opts = new Map<string, string>()
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (arg === '-h' || arg === '--help') return usage
    if (arg !== '-o' && !arg.startsWith('--')) {
      files.push(arg)
      continue
    }
    const [flag, inline] = arg.split(/=(.*)/s) as [string, string | undefined]
    const name = flag === '-o' ? 'output' : flag.slice(2)
    if (!['script', 'output', 'engine', 'model', 'take-script', ...(allowPicks ? ['pick'] : [])].includes(name))
      return `Unknown option ${flag}. ${usage}`
    const value = inline ?? argv[++i]
    if (value === undefined || value === '') return `${flag} needs a value. ${usage}`
    if (name === 'pick') {
      const m = /^(\d{1,5})=(.+)$/.exec(value)
      if (!m || Number(m[1]) < 1)
        return `--pick takes SENTENCE=FILE, e.g. --pick 3=take2.wav (sentences count from 1). ${usage}`
      picks.push({ sentence: Number(m[1]), file: m[2] as string })
    } else if (name === 'take-script') {
      // A comp names the take each older script belongs to; a pickup has one take.
      if (!allowPicks) {
        if (takeScripts.length > 0) return `--take-script is given once: the script the take was read from. ${usage}`
        takeScripts.push({ file: null, script: value })
        continue
      }
      const m = /^(.+?\.[A-Za-z0-9]{1,5})=(.+)$/s.exec(value)
      if (!m) return `--take-script takes TAKE=SCRIPT, e.g. --take-script take1.wav=old-script.txt. ${usage}`
      takeScripts.push({ file: m[1] as string, script: m[2] as string })
    } else opts.set(name, value)
  }
  const script = opts.get('script')
  const output = opts.get('output')
  if (!script) return `Give the script with --script SCRIPT.txt. ${usage}`
  if (!output) return `Give the output file with -o OUT.wav. ${usage}`
  return {
    files,
    script,
    output,
    picks,
    takeScripts,
    engine: opts.get('engine') ?? null,
    model: opts.get('model') ?? null,
  }
}

/** Checks that a file can be opened and read (its first byte), else refuses naming it. */
export async function readable(path: string, what: string): Promise<void> {
  try {
    const fh = await open(path, 'r')
    try {
      await fh.read(Buffer.alloc(1), 0, 1, 0)
    } finally {
      await fh.close()
    }
  } catch (err) {
    throw new CliRefusal(
      `${what} ${path} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`,
    )
  }
}

export async function readScript(path: string): Promise<string> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    throw new CliRefusal(
      `The script ${path} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`,
    )
  }
  if (!/[A-Za-z0-9]/.test(text)) throw new CliRefusal(`The script ${path} has no words in it.`)
  return text
}

/** Keeps a file among the recordings (decoded once when it is not a plain WAV), refusing it by name when it is no audio. */
export async function addRecording(recordings: Recordings, path: string, what: string): Promise<RecordingRef> {
  await readable(path, what)
  try {
    return await recordings.add(path)
  } catch (err) {
    const reason = (err as Error).message.split('\n')[0]?.replace(/\s+/g, ' ').trim() ?? 'unknown'
    throw new CliRefusal(`${what} ${path} is not audio Booth can read (${reason.slice(0, 200)}).`)
  }
}

/** Every file a command reads: the output may be none of them (main/storage/safe-output.ts). */
export function inputsOf(args: CliArgs): string[] {
  return [...args.files, args.script, ...args.takeScripts.map((t) => t.script)]
}

export interface Scratch {
  /** The files the command reads, which its output never replaces. */
  inputs: string[]
  recordings: Recordings
  rendersDir: string
  transcribe: Transcribe
  done(): Promise<void>
}

export async function openScratch(args: CliArgs, env: NodeJS.ProcessEnv): Promise<Scratch> {
  const dir = await mkdtemp(join(tmpdir(), 'booth-version-'))
  const modelDir = args.model ?? defaultModelDir(env['BOOTH_DATA_DIR'] ?? defaultDataDir(process.platform, env))
  return {
    inputs: inputsOf(args),
    recordings: new Recordings(join(dir, 'recordings')),
    rendersDir: join(dir, 'renders'),
    transcribe: createTranscriber({ modelDir: () => modelDir, engineChoice: async () => args.engine, env }),
    done: () => rm(dir, { recursive: true, force: true }),
  }
}

/** Renders the list, writes the output (only now), measures it and reads it back. */
export async function finish(
  scratch: Scratch,
  list: EditList,
  script: string,
  output: string,
): Promise<{ output: string; check: ReadbackCheck; preflight: Preflight }> {
  const rendered = await renderCached(list, scratch.recordings, scratch.rendersDir)
  const { words, doubts } = await scratch.transcribe(rendered.path, script)
  const check = compareToScript(script, words, { doubts: doubts ?? [] })
  const preflight = await measureTake(rendered.path)
  await writeOutputSafely(
    output,
    scratch.inputs,
    async (temp) => {
      try {
        await copyFile(rendered.path, temp)
      } catch (err) {
        throw new CliRefusal(
          `The output ${output} cannot be written (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`,
        )
      }
    },
    'the input',
  )
  return { output: resolve(output), check, preflight }
}

/** Runs a command body: a refusal or any failure becomes one sentence and exit 1, never a stack trace. */
export async function runCli(
  argv: readonly string[],
  usage: string,
  allowPicks: boolean,
  body: (args: CliArgs) => Promise<unknown>,
): Promise<CliOutcome> {
  const args = parseCliArgs(argv, usage, allowPicks)
  if (typeof args === 'string')
    return args === usage ? { code: 0, stdout: `${usage}\n`, stderr: '' } : { code: 2, stdout: '', stderr: `${args}\n` }
  try {
    // Refused before any work: an output that is one of the inputs under another name.
    await checkOutput(args.output, inputsOf(args), 'the input')
    const result = await body(args)
    return { code: 0, stdout: `${JSON.stringify(result, null, 2)}\n`, stderr: '' }
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').trim()
    return { code: 1, stdout: '', stderr: `${/[.!?”)]$/.test(message) ? message : `${message}.`}\n` }
  }
}

/** The entry of a command module run by tsx. */
export function mainOf(run: (argv: readonly string[]) => Promise<CliOutcome>): void {
  run(process.argv.slice(2)).then(
    ({ code, stdout, stderr }) => {
      process.stdout.write(stdout)
      process.stderr.write(stderr)
      process.exitCode = code
    },
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`)
      process.exitCode = 1
    },
  )
}
