/**
 * A take with versions on a real take store (real ffmpeg measurement, real renders, real files) and an
 * injected read-back engine that can be held at a gate: the recording is heard reading "tomorrow" where the
 * script says "today" (version 1 differs), every render is heard reading the script. A version's read-back
 * is what its pieces were heard to say (main/versions/hearing/version-hearing.ts), so the fixes here are made of a
 * re-read — new audio, heard in place in the render — and read clean. What these tests race is the order
 * of real writes on disk, not the recogniser.
 */
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ReadbackStored } from '../../../../shared/bridge-readback'
import type { TimedWord } from '../../../../shared/readback/types'
import type { EditList } from '../../../../shared/versions/edit-list'
import { measureTake } from '../../../../main/audio/measure-take'
import { EventHub } from '../../../../main/bridge/event-hub'
import type { ReadbackEngine } from '../../../../main/readback/engine'
import { TakeStore } from '../../../../main/takes/take-store'
import type { TakeMeta } from '../../../../main/takes/take-types'
import { createVersionArea } from '../../../../main/versions/service/version-handlers'
import type { Transcribe } from '../../../../main/versions/hearing/version-inputs'
import { writeGeneratedWav } from './generated-wav'

export const SCRIPT = 'The sale ends today at nine.'
export const JOB = '4242'
const FORMAT = { sample_rate: 48_000, channels: 1, encoding: 'pcm_s24' as const }
const FRAMES = 48_000 * 3

function timed(text: string): TimedWord[] {
  return text.split(' ').map((word, i) => ({ word, start_s: 0.2 + i * 0.4, end_s: 0.5 + i * 0.4 }))
}

/** What the injected engine hears in a file: the recording misreads "today", renders read the script. */
export function heardIn(path: string): TimedWord[] {
  return timed(
    path.includes(`${join('versions', 'renders')}`) ? 'the sale ends today at nine' : 'the sale ends tomorrow at nine',
  )
}

/** A gate a read-back waits at until it is opened (once per close). */
export class Gate {
  private opened: (() => void) | null = null
  private waiting: Promise<void> = Promise.resolve()
  reached: Promise<void> = Promise.resolve()
  private arrive: () => void = () => undefined
  close(): void {
    this.waiting = new Promise((r) => {
      this.opened = r
    })
    this.reached = new Promise((r) => {
      this.arrive = r
    })
  }
  open(): void {
    this.opened?.()
    this.opened = null
  }
  async pass(): Promise<void> {
    this.arrive()
    await this.waiting
  }
}

/** The read-back engine the service uses here: the words heardIn gives, after the gate. */
export function gatedEngine(gate: Gate): ReadbackEngine {
  return {
    name: 'pocketsphinx',
    unavailable: async () => null,
    transcribe: async (path) => {
      await gate.pass()
      return { words: heardIn(path), engine: 'pocketsphinx' }
    },
  }
}

export interface VersionedTake {
  dataDir: string
  store: TakeStore
  hub: EventHub
  events: Array<{ event: string; data: unknown }>
  area: ReturnType<typeof createVersionArea>
  take: TakeMeta
  /** Commits a version made of the first `seconds` of a re-read (new audio, heard reading the script: its read-back is clean). */
  commitCut(seconds: number): ReturnType<ReturnType<typeof createVersionArea>['work']['commit']>
  /** The take's current read-back file, or a version's own; null when there is none. */
  readback(version?: number): Promise<ReadbackStored | null>
  fresh(): Promise<TakeMeta>
}

export async function versionedTake(
  dataDir: string,
  o: {
    writeMeta?: (path: string, meta: TakeMeta) => Promise<void>
    readbackGate?: Gate
    measureGate?: Gate
    jobId?: string
  } = {},
): Promise<VersionedTake> {
  await mkdir(dataDir, { recursive: true })
  const measure: typeof measureTake = async (path, options) => {
    const measured = await measureTake(path, options)
    await o.measureGate?.pass()
    return measured
  }
  const store = new TakeStore({ dataDir, measure, ...(o.writeMeta ? { writeMeta: o.writeMeta } : {}) })
  const hub = new EventHub()
  const events: Array<{ event: string; data: unknown }> = []
  hub.subscribe((event, data) => events.push({ event, data }))
  const transcribe: Transcribe = async (path) => {
    await o.readbackGate?.pass()
    return { words: heardIn(path), engine: 'pocketsphinx' }
  }
  const area = createVersionArea({
    store,
    hub,
    transcribe,
    currentScript: async () => ({ revision_id: '7', text: SCRIPT, names: [] }),
    takesChanged: () => undefined,
    recording: {
      start: async () => {
        throw new Error('no recording here')
      },
      stop: async () => {
        throw new Error('no recording here')
      },
      cancel: async () => {
        throw new Error('no recording here')
      },
    },
  })
  const source = await writeGeneratedWav(
    join(dataDir, '..', `source-${Math.random().toString(16).slice(2)}.wav`),
    FORMAT,
    FRAMES,
    7,
  )
  const job = o.jobId ?? JOB
  const take = await store.import(job, source, { stem: 'ACME', script: { revision_id: '7', text: SCRIPT } })
  const readback = async (version?: number) => {
    const t = await store.get(take.id)
    try {
      return JSON.parse(await readFile(area.versions.readbackPath(t, version), 'utf8')) as ReadbackStored
    } catch {
      return null
    }
  }
  const commitCut = async (seconds: number) => {
    const t = await store.get(take.id)
    // A re-read of the take: new audio of the same length, which no read-back heard yet.
    const reread = await writeGeneratedWav(
      join(dataDir, '..', `reread-${Math.random().toString(16).slice(2)}.wav`),
      FORMAT,
      FRAMES,
      11 + Math.floor(seconds * 10),
    )
    const ref = await area.versions.recordings(job).add(reread)
    const frames = Math.round(seconds * FORMAT.sample_rate)
    const list: EditList = {
      format: ref.format,
      frames,
      pieces: [
        {
          source: ref.hash,
          from: 0,
          to: frames,
          at: 0,
          gain_db: 0,
          fade_in: { frames: 0, shape: 'equal_power' },
          fade_out: { frames: 480, shape: 'equal_power' },
        },
      ],
    }
    const script = await area.work.scriptOf(t)
    return area.work.exclusive(t, () =>
      area.work.commit(t, script, { operation: 'cut_restart', list, changes: [], findings: [] }),
    )
  }
  return { dataDir, store, hub, events, area, take, commitCut, readback, fresh: () => store.get(take.id) }
}
