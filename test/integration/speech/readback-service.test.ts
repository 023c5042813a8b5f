/**
 * The read-back service with the real pocketsphinx engine on espeak-ng speech: a finished take is
 * queued, checked against the script revision it was read from, kept beside its metadata and announced;
 * it waits while a take records, can be turned off, and says why when it cannot run.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ReadbackSettingsView, ReadbackState } from '../../../shared/bridge-readback'
import { EngineUnavailableError, type ReadbackEngine } from '../../../main/readback/engine'
import { PocketsphinxEngine } from '../../../main/readback/engines/pocketsphinx/pocketsphinx-engine'
import { ReadbackService } from '../../../main/readback/service/readback-service'
import type { ScriptCopy } from '../../../main/readback/service/script-copies'
import type { TakeMeta } from '../../../main/takes/take-types'
import { speak } from '../../support/spot-script'
import { NO_MODEL_HERE, SherpaEngine } from '../../../main/readback/engines/sherpa/sherpa-engine'

const SCRIPT_V1 = 'This Saturday only, save 20% on every mattress.'
const SCRIPT_V2 = 'This Sunday only, save 30% on every sofa.'

let dir = ''
let metas: Map<string, TakeMeta>
let script: ScriptCopy | null
let states: ReadbackState[]
let settingsEvents: ReadbackSettingsView[]

function meta(id: string, fileName: string): TakeMeta {
  return {
    schema: 1,
    id,
    job_id: '7',
    file_name: fileName,
    label: 'main',
    take_number: 1,
    note: null,
    preflight: null,
    created_at: new Date(0).toISOString(),
    source: 'recorded',
    original_name: null,
    state: 'ready',
    spot_length_s: null,
    job_kind: 'not_set',
    trim: { head_s: 0, tail_s: 0 },
    upload: { handle: null, offset: 0, status: 'none' },
    delivery: { idempotency_key: null, delivery_id: null, status: 'none', queued: false },
  }
}

function service(engines?: (d: () => string | null) => ReadbackEngine[]): ReadbackService {
  return new ReadbackService({
    dataDir: dir,
    takes: {
      get: async (id) => {
        const m = metas.get(id)
        if (!m) throw new Error(`Take ${id} is not on this computer.`)
        return m
      },
      audioPath: (t) => join(dir, 'takes', t.file_name),
      resultPath: (t) => join(dir, 'takes', `${t.id}.readback.json`),
    },
    currentScript: async () => script,
    emitState: (s) => states.push(s),
    emitSettings: (v) => settingsEvents.push(v),
    warn: () => {},
    now: () => 1_700_000_000_000,
    recheckMs: 20,
    engines: engines ?? (() => [new PocketsphinxEngine()]),
  })
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'booth-readback-svc-'))
  await mkdir(join(dir, 'takes'))
  metas = new Map()
  script = { revision_id: '101', text: SCRIPT_V1, names: ['Dream Street'] }
  states = []
  settingsEvents = []
  const { wav } = await speak('This Sunday only, save 20% on every mattress.', join(dir, 'takes'), 'take-a')
  metas.set('take-a', meta('take-a', wav.split('/').pop() as string))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('ReadbackService', { timeout: 60_000 }, () => {
  it('checks a finished take against the exact script text it was read from, keeps the result and announces it', async () => {
    const s = service()
    await s.start()
    // The take keeps the script on screen when it was made (script_read); the read-back needs nothing else.
    metas.set('take-a', { ...(metas.get('take-a') as TakeMeta), script_read: { revision_id: '101', text: SCRIPT_V1 } })
    s.recordingStarted({ id: 'take-a' })
    script = { revision_id: '102', text: SCRIPT_V2, names: [] } // the script changes after the take
    s.takeFinished('take-a')
    await s.whenIdle()
    expect(states.map((x) => x.status)).toEqual(['queued', 'running', 'done'])
    const done = states[2]?.result
    expect(done).toMatchObject({
      engine: 'pocketsphinx',
      script_read: { revision_id: '101', text: SCRIPT_V1 },
      note: null,
      take_id: 'take-a',
    })
    expect(done?.check.issues).toEqual([
      expect.objectContaining({ kind: 'changed', expected: 'Saturday', heard: 'sunday', severity: 'high' }),
    ])
    const kept = JSON.parse(await readFile(join(dir, 'takes', 'take-a.readback.json'), 'utf8')) as { check: unknown }
    expect(kept.check).toEqual(done?.check)
    expect(await s.get('take-a')).toMatchObject({ status: 'done', result: { check: done?.check } })
  })

  it('compares with the take’s own text even when the job cannot be read now (offline)', async () => {
    const s = service()
    await s.start()
    metas.set('take-a', {
      ...(metas.get('take-a') as TakeMeta),
      script_read: { revision_id: '100', text: SCRIPT_V2.replace('30%', '20%').replace('sofa', 'mattress') },
    })
    script = null
    s.takeFinished('take-a')
    await s.whenIdle()
    expect(states.at(-1)).toMatchObject({ status: 'done', result: { script_read: { revision_id: '100' }, note: null } })
    expect(states.at(-1)?.result?.check.verdict).toBe('matches')
  })

  it('waits while a take is recording, and does nothing when turned off', async () => {
    const s = service()
    await s.start()
    s.recordingStarted({ id: 'take-b' })
    s.takeFinished('take-a')
    await new Promise((r) => setTimeout(r, 100))
    expect(states.map((x) => x.status)).toEqual(['queued'])
    s.recordingCancelled('take-b')
    await s.whenIdle()
    expect(states.map((x) => x.status)).toEqual(['queued', 'running', 'done'])

    await s.updateSettings({ enabled: false })
    expect(settingsEvents.at(-1)?.enabled).toBe(false)
    states = []
    s.takeFinished('take-a')
    expect(states).toEqual([])
  })

  it('says why it cannot run: no engine, no script, a missing take', async () => {
    const s = service(() => [
      {
        name: 'sherpa-onnx',
        unavailable: async () => 'No speech model.',
        transcribe: async () => {
          throw new EngineUnavailableError('No speech model.')
        },
      },
    ])
    await s.start()
    s.takeFinished('take-a')
    await s.whenIdle()
    expect(states.at(-1)).toMatchObject({
      status: 'unavailable',
      message: 'No read-back engine can run here: No speech model.',
    })
    script = null
    s.takeFinished('take-a')
    await s.whenIdle()
    expect(states.at(-1)).toMatchObject({
      status: 'unavailable',
      message: 'This job has no script text to compare the take with.',
    })
    s.takeFinished('nope')
    await s.whenIdle()
    expect(states.at(-1)).toMatchObject({ status: 'failed', message: 'Take nope is not on this computer.' })
  })

  it('says on Settings → Read-back itself where to get a model, never "in Settings"', async () => {
    const s = service((modelDir) => [
      new SherpaEngine({ modelDir: () => join(modelDir() ?? dir, 'no-model-here'), load: async () => ({}) as never }),
    ])
    const why = (await s.settingsView()).engines.find((e) => e.name === 'sherpa-onnx')?.unavailable
    expect(why).toBe(NO_MODEL_HERE)
    expect(why).not.toMatch(/Settings/)
  })

  it('a damaged result file is treated as none', async () => {
    await writeFile(join(dir, 'takes', 'take-a.readback.json'), '{oops')
    const s = service()
    await s.start()
    expect(await s.get('take-a')).toEqual({ takeId: 'take-a', status: 'none', result: null, message: null })
  })
})
