/**
 * `npm run finish -- IN.wav --spot-length S --kind dry_voice|finished_spot [--profile NAME] [--script S.txt] [--engine E] [--model DIR] -o OUT.wav`
 *
 * Finishes a take for delivery (finish-take.ts): writes OUT.wav at IN's sample rate and bit depth and
 * prints {out, length_s, tempo, gain_db, before, after, edits, time_map, check, preflight} as JSON: `check`
 * the read-back's check of OUT (what IN was heard to say, mapped through time_map; null without --script),
 * `preflight` the API's object measured from OUT (finish-check.ts). A take that cannot be fitted, or a
 * file that cannot be read: exit 1, one sentence on stderr, nothing written. Wrong usage: exit 2. IN is
 * never changed. Without --script, sentences and pauses come from the audio; with it, from the read-back.
 */
import { pathToFileURL } from 'node:url'
import { defaultProfile, findProfile } from '../audio/delivery-profiles'
import { defaultModelDir } from '../readback/index'
import { defaultDataDir } from '../storage/data-dir'
import { checkOutput, OutputRefusal } from '../storage/safe-output'
import { createTranscriber, CliRefusal, mainOf, readable, readScript, type CliOutcome } from '../versions/index'
import { finishTake, FinishRefusal, MAX_SPOT_LENGTH_S, MAX_SPOT_WORDS } from './finish-take'
import { finishCheck, hearTake } from './finish-check'
import type { TakeKindToFit } from './fit-plan'

const USAGE =
  'Usage: npm run finish -- IN.wav --spot-length SECONDS --kind dry_voice|finished_spot ' +
  '[--profile NAME] [--script SCRIPT.txt] [--engine sherpa-onnx|pocketsphinx] [--model MODEL_FOLDER] -o OUT.wav'
const OPTIONS = ['spot-length', 'kind', 'profile', 'script', 'engine', 'model', 'output'] as const
type Option = (typeof OPTIONS)[number]

export interface FinishArgs {
  input: string
  output: string
  spotLengthS: number
  kind: TakeKindToFit
  profile: string | null
  script: string | null
  engine: string | null
  model: string | null
}

export function parseFinishArgs(argv: readonly string[]): FinishArgs | string {
  const files: string[] = []
  const opts = new Map<Option, string>()
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (arg === '-h' || arg === '--help') return USAGE
    if (arg !== '-o' && !arg.startsWith('--')) {
      files.push(arg)
      continue
    }
    const [flag, inline] = arg.split(/=(.*)/s) as [string, string | undefined]
    const name = (flag === '-o' ? 'output' : flag.slice(2)) as Option
    if (!OPTIONS.includes(name)) return `Unknown option ${flag}. ${USAGE}`
    const value = inline ?? argv[++i]
    if (value === undefined || value === '') return `${flag} needs a value. ${USAGE}`
    opts.set(name, value)
  }
  if (files.length !== 1) return `Give one take to finish. ${USAGE}`
  const output = opts.get('output')
  if (!output) return `Give the output file with -o OUT.wav. ${USAGE}`
  const spot = Number(opts.get('spot-length'))
  if (!opts.has('spot-length') || !Number.isFinite(spot) || spot <= 0)
    return `--spot-length takes the spot's length in seconds, e.g. --spot-length 30. ${USAGE}`
  if (spot > MAX_SPOT_LENGTH_S)
    return `--spot-length ${opts.get('spot-length')} is too long: Booth finishes spots of up to ${MAX_SPOT_WORDS}. ${USAGE}`
  const kind = opts.get('kind')
  if (kind !== 'dry_voice' && kind !== 'finished_spot') return `--kind is dry_voice or finished_spot. ${USAGE}`
  return {
    input: files[0] as string,
    output,
    spotLengthS: spot,
    kind,
    profile: opts.get('profile') ?? null,
    script: opts.get('script') ?? null,
    engine: opts.get('engine') ?? null,
    model: opts.get('model') ?? null,
  }
}

export async function runFinishCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<CliOutcome> {
  const args = parseFinishArgs(argv)
  if (typeof args === 'string')
    return args === USAGE ? { code: 0, stdout: `${USAGE}\n`, stderr: '' } : { code: 2, stdout: '', stderr: `${args}\n` }
  try {
    const profile = args.profile === null ? defaultProfile(args.kind) : findProfile(args.profile)
    if (!profile) throw new CliRefusal(`There is no delivery profile named ${args.profile}.`)
    await readable(args.input, 'The take')
    // Neither the take nor its script is ever written over (main/storage/safe-output.ts).
    await checkOutput(args.output, [args.input], 'the take')
    if (args.script !== null) await checkOutput(args.output, [args.script], 'the script')
    let heard = null
    if (args.script !== null) {
      const modelDir = args.model ?? defaultModelDir(env['BOOTH_DATA_DIR'] ?? defaultDataDir(process.platform, env))
      const text = await readScript(args.script)
      heard = {
        ...(await hearTake(
          args.input,
          text,
          createTranscriber({ modelDir: () => modelDir, engineChoice: async () => args.engine, env }),
        )),
        script: text,
      }
    }
    const report = await finishTake({
      input: args.input,
      output: args.output,
      spotLengthS: args.spotLengthS,
      kind: args.kind,
      profile,
      script: heard?.use ?? null,
    })
    const said = await finishCheck(report, heard, { spotLengthS: args.spotLengthS, kind: args.kind, profile })
    return { code: 0, stdout: `${JSON.stringify({ ...report, ...said }, null, 2)}\n`, stderr: '' }
  } catch (err) {
    const known = err instanceof FinishRefusal || err instanceof CliRefusal || err instanceof OutputRefusal
    const message = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').trim()
    const sentence = known ? message : `The take could not be finished: ${message}`
    return { code: 1, stdout: '', stderr: `${/[.!?”)]$/.test(sentence) ? sentence : `${sentence}.`}\n` }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) mainOf((argv) => runFinishCli(argv))
