/**
 * Run with `node --import tsx`: a sandbox of the talent API (producer off) whose producer acts when the
 * test says so. Prints `ready <url> <token>`; reads lines on stdin and answers `done <json>` for each:
 * - `change_script <job_id>`: the producer changes the job's script;
 * - `approve <job_id>` / `request_changes <job_id>`: the producer approves the job's latest delivered take, or
 *   asks for changes to it (answers null when the job has no take awaiting the producer);
 * - `set_script <job_id> <json {text, html?, pronunciations?}>`: the job's typed script (and pronunciation
 *   list) become these, as if the job had come with them;
 * - `plan_check <job_id> <json PlannedCheck>`: what the platform's audio check of every take delivered to
 *   the job finds (instead of the simulation's choice from the take's bytes), for takes already delivered
 *   and those delivered later.
 */
import { createInterface } from 'node:readline'
import { startSandbox } from '../../../sandbox/server'
import { createWorld } from '../../../sandbox/domain/index'
import type { PlannedCheck } from '../../../sandbox/domain/state'

// The world is made here so its producer can be driven; the server then serves it (and does not close it).
const world = await createWorld({})
const sandbox = await startSandbox({ producer: false, world })
const key = sandbox.keys[0]
if (!key) throw new Error('The sandbox minted no key.')
process.stdout.write(`ready ${sandbox.url} ${key.token}\n`)

const plans = new Map<string, PlannedCheck>()
/** Puts the planned checks on the jobs' deliveries; a check already done is redone with the plan. */
function applyPlans(): void {
  for (const [jobId, plan] of plans) {
    const job = world.state().jobs.find((j) => j.job_id === jobId)
    for (const d of job?.deliveries ?? []) {
      if (d.planned_check === plan) continue
      d.planned_check = plan
      if (d.check.state === 'done')
        d.check = {
          ...d.check,
          verdict: plan.verdict,
          coverage: plan.coverage,
          summary: plan.summary,
          issues: plan.issues,
        }
    }
  }
}
// A delivery planned from its bytes is re-planned well before its check runs (3 s after it arrives).
setInterval(applyPlans, 25).unref()

function answer(result: unknown): void {
  process.stdout.write(`done ${JSON.stringify(result)}\n`)
}

const lines = createInterface({ input: process.stdin })
lines.on('line', (line) => {
  const match = /^(\S+)\s+(\S+)\s*(.*)$/.exec(line.trim())
  const [, command, jobId, rest] = match ?? []
  if (!command || !jobId) return answer({ error: `unknown command ${line}` })
  if (command === 'change_script') return void world.producer.changeScript(jobId).then(answer)
  if (command === 'approve') return void world.producer.approve(jobId).then(answer)
  if (command === 'request_changes') return void world.producer.requestChanges(jobId).then(answer)
  const job = world.state().jobs.find((j) => j.job_id === jobId)
  if (!job) return answer({ error: `no job ${jobId}` })
  if (command === 'set_script') {
    const given = JSON.parse(rest ?? '{}') as {
      text: string
      html?: string | null
      pronunciations?: Array<{ word: string; say: string }>
    }
    job.script = { ...job.script, kind: 'typed', html: given.html ?? null, text: given.text, document: null }
    if (given.pronunciations) job.pronunciations = given.pronunciations
    job.script_change = null
    return answer({ ok: true })
  }
  if (command === 'plan_check') {
    plans.set(jobId, JSON.parse(rest ?? '{}') as PlannedCheck)
    applyPlans()
    return answer({ ok: true })
  }
  answer({ error: `unknown command ${line}` })
})
process.on('SIGTERM', () => void sandbox.close().then(() => process.exit(0)))
