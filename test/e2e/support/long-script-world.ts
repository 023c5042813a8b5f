/**
 * Booth in demo mode whose demo world has scripts as long as real ones (the seed's are two to six lines,
 * which cannot show whether eight lines fit). The world is the seed's own: Booth starts once to write it,
 * then three pending jobs get long scripts made of the other jobs' scripts (text Booth did not write for
 * this test) and Booth starts again on the same data folder, still in demo mode.
 *  - `plain`: no notice over the script; HTML made of every typed script's HTML, paragraphs kept.
 *  - `changesRequested`: the seed's job with changes requested; a plain-text script (line breaks kept).
 *  - `scriptChanged`: a pending job whose script changed since it was accepted (a word diff over it).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startWebHostOn } from './web-host-process'

interface WorldJob {
  job_id: string
  status: string
  stage?: string
  advertiser: string
  script: { kind: string; html: string | null; text: string }
  script_change: unknown
  changes_request: unknown
  live_read: boolean
  spot_cancelled: boolean
}

interface World {
  jobs: WorldJob[]
}

export interface LongScriptJob {
  jobId: string
  advertiser: string
}

export interface LongScriptBooth {
  launchUrl: string
  jobs: { plain: LongScriptJob; changesRequested: LongScriptJob; scriptChanged: LongScriptJob }
  stop(): Promise<void>
}

async function waitForFile(path: string): Promise<void> {
  for (let i = 0; i < 300 && !existsSync(path); i++) await new Promise((r) => setTimeout(r, 100))
  if (!existsSync(path)) throw new Error(`Booth's demo sandbox did not write ${path}.`)
}

export async function startLongScriptBooth(): Promise<LongScriptBooth> {
  const dataDir = mkdtempSync(join(tmpdir(), 'booth-long-scripts-'))
  const worldFile = join(dataDir, 'demo', 'world.json')
  const first = await startWebHostOn(dataDir)
  await waitForFile(worldFile)
  await first.stop()

  const world = JSON.parse(readFileSync(worldFile, 'utf8')) as World
  const typed = world.jobs.filter((j) => j.script.kind === 'typed' && j.script.text.trim() !== '')
  const pending = typed.filter((j) => j.status === 'pending' && !j.live_read && !j.spot_cancelled)
  const allHtml = typed.map((j) => j.script.html ?? `<p>${j.script.text}</p>`).join('')
  const allText = typed.map((j) => j.script.text.trim()).join('\n\n')
  const changesRequested = pending.find((j) => j.changes_request)
  const plain = pending.find((j) => j !== changesRequested && !j.script_change && j.stage === 'accepted')
  const scriptChanged = pending.find((j) => j !== changesRequested && j !== plain && j.stage === 'accepted')
  if (!changesRequested || !plain || !scriptChanged)
    throw new Error('The demo world has no pending jobs of the kinds this test needs.')
  plain.script = { ...plain.script, html: allHtml, text: allText }
  changesRequested.script = { ...changesRequested.script, html: null, text: allText }
  const before = scriptChanged.script.text
  const after = `${allText}\n\n${before}`
  scriptChanged.script = { ...scriptChanged.script, html: null, text: after }
  scriptChanged.script_change = {
    since: 'accepted',
    previous_text: before,
    current_text: after,
    directions_changed: false,
    document_replaced: false,
    changed_at: Date.now() - 3_600_000,
  }
  writeFileSync(worldFile, JSON.stringify(world))

  const host = await startWebHostOn(dataDir)
  const ref = (j: WorldJob): LongScriptJob => ({ jobId: j.job_id, advertiser: j.advertiser })
  return {
    launchUrl: host.launchUrl,
    jobs: { plain: ref(plain), changesRequested: ref(changesRequested), scriptChanged: ref(scriptChanged) },
    stop: async () => {
      await host.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
