/**
 * Run with `node --import tsx`: a sandbox of the talent API (producer off) whose producer acts when the
 * test says so. Prints `ready <url> <token>`; reads lines `change_script <job_id>` on stdin and answers
 * `done <json>` for each.
 */
import { createInterface } from 'node:readline'
import { startSandbox } from '../../../sandbox/server'
import { createWorld } from '../../../sandbox/domain/index'

// The world is made here so its producer can be driven; the server then serves it (and does not close it).
const world = await createWorld({})
const sandbox = await startSandbox({ producer: false, world })
const key = sandbox.keys[0]
if (!key) throw new Error('The sandbox minted no key.')
process.stdout.write(`ready ${sandbox.url} ${key.token}\n`)
const lines = createInterface({ input: process.stdin })
lines.on('line', (line) => {
  const [command, jobId] = line.trim().split(/\s+/)
  if (command !== 'change_script' || !jobId) return void process.stdout.write(`done ${JSON.stringify({ error: `unknown command ${line}` })}\n`)
  void world.producer.changeScript(jobId).then((event) => process.stdout.write(`done ${JSON.stringify(event)}\n`))
})
process.on('SIGTERM', () => void sandbox.close().then(() => process.exit(0)))
