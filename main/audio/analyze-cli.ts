/**
 * `npm run analyze -- FILE [--spot-length SECONDS] [--kind dry_voice|finished_spot|not_set] [--profile NAME] [--report]`
 *
 * Prints the take's preflight object (resources/api/talent-v1.yaml, Preflight) as JSON on stdout; with
 * --report, `{ "preflight": {...}, "report": { profile, true_peak_dbtp, noise_floor_dbfs, lufs, dc_offset,
 * findings } }`. --profile judges by a delivery profile (default: the one the kind implies).
 * Exit codes — the CLI separates "could not measure" from the API's measured:false object:
 *   0  measured; the JSON is on stdout (warnings, if any, are inside it)
 *   1  the file could not be measured (missing, empty, truncated, not audio, no ffmpeg ...):
 *      one sentence on stderr, nothing on stdout
 *   2  wrong usage: one sentence on stderr
 *   130 interrupted (Ctrl-C)
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { FfmpegAbortError } from './ffmpeg-errors'
import { killAllFfmpeg } from './ffmpeg-registry'
import type { DeliveryProfile } from './delivery-profiles'
import { BUILT_IN_PROFILES, findProfile } from './delivery-profiles'
import { measureTakeDetailed } from './measure-take'
import type { TakeKind } from './preflight'
import { TAKE_KINDS } from './preflight'

const USAGE =
  `Usage: npm run analyze -- FILE [--spot-length SECONDS] [--kind ` +
  `dry_voice|finished_spot|not_set] [--profile ${BUILT_IN_PROFILES.map((p) => p.name).join('|')}] [--report]`

export class UsageError extends Error {
  override readonly name = 'UsageError'
}

export interface CliArgs {
  file: string
  spotLengthS: number | null
  kind: TakeKind
  /** null: the kind's default profile. */
  profile?: DeliveryProfile | null
  report?: boolean
}

/** Splits argv into options (--name value or --name=value) and positionals; one sentence per mistake. */
function splitArgs(argv: readonly string[]): { options: Map<string, string | true>; positionals: string[] } {
  const options = new Map<string, string | true>()
  const positionals: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1))
      break
    }
    if (arg === '-h' || arg === '--help') {
      options.set('help', true)
      continue
    }
    if (arg === '--report') {
      options.set('report', true)
      continue
    }
    if (!arg.startsWith('--') || arg === '--') {
      positionals.push(arg)
      continue
    }
    const eq = arg.indexOf('=')
    const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq)
    if (name !== 'spot-length' && name !== 'kind' && name !== 'profile')
      throw new UsageError(`Unknown option --${name}. ${USAGE}`)
    const value = eq < 0 ? argv[++i] : arg.slice(eq + 1)
    if (value === undefined) throw new UsageError(`--${name} needs a value. ${USAGE}`)
    options.set(name, value)
  }
  return { options, positionals }
}

/** Parses the CLI's arguments; throws UsageError with one sentence when they are wrong. Returns null for --help. */
export function parseCliArgs(argv: readonly string[]): CliArgs | null {
  const { options, positionals } = splitArgs(argv)
  if (options.has('help')) return null
  const [file, ...extra] = positionals
  if (!file) throw new UsageError(`Give the audio file to measure. ${USAGE}`)
  if (extra.length) throw new UsageError(`Give one file only; also got ${extra.join(' ')}. ${USAGE}`)

  let spotLengthS: number | null = null
  const rawLength = options.get('spot-length')
  if (typeof rawLength === 'string') {
    spotLengthS = /^\d+(\.\d+)?$/.test(rawLength.trim()) ? Number(rawLength) : Number.NaN
    if (!Number.isFinite(spotLengthS)) {
      throw new UsageError(
        `--spot-length must be a number of seconds, 0 or more (e.g. 30 or 29.5); got "${rawLength}".`,
      )
    }
  }
  const rawKind = options.get('kind') ?? 'not_set'
  if (typeof rawKind !== 'string' || !(TAKE_KINDS as readonly string[]).includes(rawKind)) {
    throw new UsageError(`--kind must be dry_voice, finished_spot or not_set; got "${String(rawKind)}".`)
  }
  const args: CliArgs = { file, spotLengthS, kind: rawKind as TakeKind }
  const rawProfile = options.get('profile')
  if (typeof rawProfile === 'string') {
    const profile = findProfile(rawProfile)
    if (!profile)
      throw new UsageError(
        `--profile must be one of ${BUILT_IN_PROFILES.map((p) => p.name).join(', ')}; got "${rawProfile}".`,
      )
    args.profile = profile
  }
  if (options.has('report')) args.report = true
  return args
}

/** Runs the CLI and returns its exit code; output goes through the given writers. */
export async function runAnalyzeCli(
  argv: readonly string[],
  out: (text: string) => void,
  err: (text: string) => void,
  signal?: AbortSignal,
): Promise<number> {
  let args: CliArgs | null
  try {
    args = parseCliArgs(argv)
  } catch (e) {
    err(e instanceof UsageError ? e.message : String(e))
    return 2
  }
  if (!args) {
    out(USAGE)
    return 0
  }
  try {
    const result = await measureTakeDetailed(args.file, {
      spotLengthS: args.spotLengthS,
      kind: args.kind,
      profile: args.profile ?? null,
      signal,
    })
    if (result.failure) {
      err(result.failure.message)
      return 1
    }
    out(
      JSON.stringify(args.report ? { preflight: result.preflight, report: result.report } : result.preflight, null, 2),
    )
    return 0
  } catch (e) {
    if (e instanceof FfmpegAbortError) {
      err('Measuring was interrupted.')
      return 130
    }
    err(e instanceof Error ? e.message : String(e))
    return 1
  }
}

const isMain = process.argv[1] !== undefined && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url
if (isMain) {
  const controller = new AbortController()
  process.once('SIGINT', () => {
    controller.abort()
    void killAllFfmpeg('Measuring was interrupted.')
  })
  runAnalyzeCli(
    process.argv.slice(2),
    (t) => console.log(t),
    (t) => console.error(t),
    controller.signal,
  ).then(
    (code) => {
      process.exitCode = code
    },
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : String(e))
      process.exitCode = 1
    },
  )
}
