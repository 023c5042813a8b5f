/**
 * `npm run sandbox -- --port P ...`: runs Booth's sandbox of the talent API until SIGINT/SIGTERM.
 * Prints the keys it accepts, then exactly `listening on http://127.0.0.1:P` once ready.
 * Bad arguments: one sentence on stderr, the usage, exit code 2.
 */
import { parseCliArgs, USAGE, type CliOptions } from './http/cli-args'
import { startSandbox, type RunningSandbox } from './server'

let sandbox: RunningSandbox | null = null
let stopping = false

function stop(signal: string): void {
  if (stopping && sandbox) {
    process.stderr.write(`${signal} again: stopping without saving.\n`)
    process.exit(1)
  }
  stopping = true
  if (!sandbox) return // still starting: stop once started
  sandbox.close().then(
    () => process.exit(0),
    (err: unknown) => {
      process.stderr.write(`The sandbox could not stop cleanly: ${err instanceof Error ? err.message : String(err)}\n`)
      process.exit(1)
    },
  )
}

async function main(): Promise<void> {
  let opts: CliOptions
  try {
    opts = parseCliArgs(process.argv.slice(2))
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${USAGE}\n`)
    process.exit(2)
  }
  if (opts.help) {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
  sandbox = await startSandbox({
    port: opts.port,
    keys: opts.keys,
    dataDir: opts.dataDir,
    faults: opts.faults,
    producer: opts.producer,
    seed: opts.seed,
  })
  if (stopping) {
    stop('signal')
    return
  }
  for (const key of sandbox.keys) {
    const kind = opts.keys.length === 0 ? 'demo key' : `key ${key.keyId}`
    process.stdout.write(`${kind}: ${key.token} (scopes: ${key.scopes.join(',')})\n`)
  }
  if (opts.dataDir) process.stdout.write(`data in ${opts.dataDir}\n`)
  process.stdout.write(`listening on ${sandbox.url}\n`)
}

main().catch((err: unknown) => {
  process.stderr.write(`The sandbox could not start: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
