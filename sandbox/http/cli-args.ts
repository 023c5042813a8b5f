/**
 * Arguments of `npm run sandbox -- --port P [--key TOKEN=SCOPES]... [--data DIR] [--faults SPEC]
 * [--producer-interval MS | --no-producer] [--seed N]`.
 */
import { resolve } from 'node:path'
import { parseFaultSpec, type FaultSpec } from './faults'
import { buildKeys, type KeyOption } from './keys'

export const USAGE = `usage: npm run sandbox -- [--port P] [--key TOKEN=SCOPES]... [--data DIR] [--faults SPEC]
                          [--producer-interval MS | --no-producer] [--seed N]
  --port P                 port on 127.0.0.1 (default 4010; 0 picks a free one)
  --key TOKEN=SCOPES       an API key; SCOPES comma-separated or *; repeatable (default: one random demo key)
  --data DIR               keep state, idempotency records and uploads in DIR
  --faults SPEC            e.g. latency=300ms,rate_limited=0.1,not_saved=0.1,drop_after=0.1,html=0.05,seed=7
  --producer-interval MS   how often the simulated producer acts (default 30000)
  --no-producer            no simulated producer
  --seed N                 seed of the generated demo data`

export const DEFAULT_PORT = 4010
export const DEFAULT_PRODUCER_INTERVAL_MS = 30_000

export interface CliOptions {
  help: boolean
  port: number
  keys: KeyOption[]
  dataDir?: string
  faults?: FaultSpec
  producer: { intervalMs: number } | false
  seed?: number
}

function wholeNumber(value: string, what: string, min: number, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new Error(`${what} must be a whole number from ${min} to ${max}, not "${value}".`)
  }
  return Number(value)
}

function parseKey(value: string): KeyOption {
  const eq = value.lastIndexOf('=')
  if (eq <= 0 || eq === value.length - 1)
    throw new Error(
      `--key "${value}" must look like TOKEN=SCOPES, for example demo-token-1=jobs:read,jobs:write or TOKEN=*.`,
    )
  const token = value.slice(0, eq)
  const scopeText = value.slice(eq + 1)
  const scopes =
    scopeText === '*'
      ? ('*' as const)
      : scopeText
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '')
  return { token, scopes }
}

/** Parse argv (without node and script). Throws an Error holding one human sentence. */
export function parseCliArgs(argv: string[]): CliOptions {
  const out: CliOptions = { help: false, port: DEFAULT_PORT, keys: [], producer: false }
  let producerInterval: number | undefined
  let noProducer = false
  const seen = new Set<string>()
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1
    const name = eq > 0 ? arg.slice(0, eq) : arg
    const takeValue = (): string => {
      if (eq > 0) return arg.slice(eq + 1)
      const next = argv[i + 1]
      if (next === undefined || next.startsWith('--')) throw new Error(`${name} needs a value.`)
      i += 1
      return next
    }
    if (name !== '--key' && seen.has(name)) throw new Error(`${name} is given more than once.`)
    seen.add(name)
    switch (name) {
      case '--help':
      case '-h':
        out.help = true
        break
      case '--port':
        out.port = wholeNumber(takeValue(), '--port', 0, 65535)
        break
      case '--key':
        out.keys.push(parseKey(takeValue()))
        break
      case '--data': {
        const dir = takeValue()
        if (dir.trim() === '') throw new Error('--data needs a directory.')
        out.dataDir = resolve(dir)
        break
      }
      case '--faults':
        out.faults = parseFaultSpec(takeValue())
        break
      case '--producer-interval':
        producerInterval = wholeNumber(takeValue(), '--producer-interval', 100, 86_400_000)
        break
      case '--no-producer':
        if (eq > 0) throw new Error('--no-producer takes no value.')
        noProducer = true
        break
      case '--seed':
        out.seed = wholeNumber(takeValue(), '--seed', 0, 4_294_967_295)
        break
      default:
        throw new Error(arg.startsWith('-') ? `Unknown option ${name}.` : `Unexpected argument "${arg}".`)
    }
  }
  if (noProducer && producerInterval !== undefined)
    throw new Error('--no-producer and --producer-interval cannot be used together.')
  out.producer = noProducer ? false : { intervalMs: producerInterval ?? DEFAULT_PRODUCER_INTERVAL_MS }
  buildKeys(out.keys)
  return out
}
