/**
 * The check at Stop reaches the window the moment it is known, before the take's file is closed and saved
 * (main's takeChecked event), and every guarantee of Stop holds around it: the take is listed as being
 * saved meanwhile and answered saved; a disk that fails the close still stops the take with what it kept
 * and says so; a Booth killed right after the check was sent offers the take back on its next start.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { measureTake } from '../../../main/audio/measure-take'
import { describeError } from '../../../main/bridge/describe-error'
import { TakeStore } from '../../../main/takes/take-store'
import type { TakesSnapshot, TakeView } from '../../../shared/bridge-takes'
import { fillUp, mountRefusal, mountSmallDisk, sayWhySkipped, type Mounted } from '../../support/small-disks'
import { SwitchableOnline, takeArea, tempDir } from '../delivery/delivery-fixture'
import { ffprobe } from './helpers/media'

const refusal = await mountRefusal()
sayWhySkipped('a disk full at Stop, after the check was sent', refusal)
const JOB = '42'
let work: Awaited<ReturnType<typeof tempDir>>
const mounts: Mounted[] = []
beforeAll(async () => {
  work = await tempDir('booth-stop-check-')
})
afterEach(async () => {
  for (const m of mounts.splice(0)) await m.unmount()
})
afterAll(() => work.remove())

/** Float32 PCM of `seconds` of a 220 Hz tone at 48 kHz mono from frame `offset`, base64 as the page sends it. */
function chunk(seconds: number, offset: number): string {
  const pcm = Float32Array.from(
    { length: Math.round(seconds * 48_000) },
    (_, i) => 0.3 * Math.sin((2 * Math.PI * 220 * (offset + i)) / 48_000),
  )
  return Buffer.from(pcm.buffer).toString('base64')
}

async function areaOn(dataDir: string) {
  const made = takeArea({ dataDir, url: () => null, online: new SwitchableOnline(false) })
  await made.area.start()
  return made
}

/** Records `seconds` in 0.1 s chunks. */
async function record(area: Awaited<ReturnType<typeof areaOn>>['area'], seconds: number): Promise<string> {
  const { takeId } = await area.handlers.startRecording({ jobId: JOB, sampleRate: 48_000, channels: 1 })
  for (let i = 0; i < Math.round(seconds * 10); i++)
    await area.handlers.appendRecording({ takeId, pcmBase64: chunk(0.1, i * 4800) })
  return takeId
}

describe('the check at Stop', () => {
  it('reaches the window before the take is saved, with the last samples; the take is listed as being saved meanwhile and answered saved', async () => {
    const dataDir = join(work.path, 'early')
    const { area, hub, events } = await areaOn(dataDir)
    const takeId = await record(area, 2)
    let onDisk: string | null = null
    let listing: Promise<TakesSnapshot> | null = null
    hub.subscribe((event) => {
      if (event !== 'takeChecked' || onDisk !== null) return
      // What the disk says at the very moment the window gets the check, and the list asked for then.
      onDisk = (JSON.parse(readFileSync(join(dataDir, 'takes', JOB, `${takeId}.take.json`), 'utf8')) as TakeView).state
      listing = area.handlers.listTakes({ jobId: JOB })
    })
    const saved = await area.handlers.stopRecording({ takeId, pcmBase64: chunk(0.1, 20 * 4800) })
    const checked = events.filter((e) => e.event === 'takeChecked').map((e) => e.data as TakeView)
    expect(checked).toHaveLength(1)
    expect(checked[0]).toMatchObject({
      id: takeId,
      state: 'recording',
      saving: true,
      preflight: { measured: true, duration_s: 2.1 },
    })
    expect(onDisk).toBe('recording')
    expect((await (listing as Promise<TakesSnapshot> | null))?.takes).toEqual([
      expect.objectContaining({ id: takeId, state: 'recording', saving: true, preflight: checked[0]?.preflight }),
    ])
    // Saved: the same check, no longer "being saved", on disk and in the list.
    expect(saved).toMatchObject({ id: takeId, state: 'ready', preflight: checked[0]?.preflight })
    expect(saved.saving).toBeUndefined()
    expect((await area.handlers.listTakes({ jobId: JOB })).takes.map((t) => [t.state, t.saving])).toEqual([
      ['ready', undefined],
    ])
    // A moment, not a state: a window opened later is not handed it.
    const replayed: string[] = []
    hub.subscribe((event) => replayed.push(event))
    expect(replayed).toContain('takes')
    expect(replayed).not.toContain('takeChecked')
  })

  it.skipIf(refusal)(
    'then a disk full at the close: the take stops with what the disk kept, says so, and is listed saved, not "being saved"',
    async () => {
      const dataDir = join(work.path, 'full')
      mounts.push(await mountSmallDisk(dataDir, 1024 * 1024))
      const { area, events } = await areaOn(dataDir)
      const takeId = await record(area, 1)
      // The first second is on disk (written every half second); then the disk is filled up to 16 KB.
      const wav = join(dataDir, 'takes', JOB, (await area.handlers.listTakes({ jobId: JOB })).takes[0]?.file_name ?? '')
      while ((await stat(wav)).size < 44 + 48_000 * 3) await new Promise((r) => setTimeout(r, 10))
      await fillUp(dataDir, 16 * 1024)
      // 0.4 s more waits in memory for the next write, which the close makes: the disk takes only part of it.
      for (let i = 10; i < 14; i++) await area.handlers.appendRecording({ takeId, pcmBase64: chunk(0.1, i * 4800) })
      const failure = await area.handlers.stopRecording({ takeId, pcmBase64: chunk(0.05, 14 * 4800) }).then(
        () => null,
        (err: unknown) => describeError(err),
      )
      // The window had the check of all 1.45 s at once; then Stop said what happened and what was kept.
      expect(
        events.filter((e) => e.event === 'takeChecked').map((e) => (e.data as TakeView).preflight?.duration_s),
      ).toEqual([1.45])
      expect(failure?.status).toBe(507)
      expect(failure?.message).toMatch(
        new RegExp(
          String.raw`^Recording stopped\. The disk holding Booth's data is full: \d+(\.\d)? (KB|bytes) free\. ` +
            String.raw`Take 1 keeps the 1\.\d s recorded until then\. Free some space, then record again\.$`,
        ),
      )
      const kept = Number(/keeps the (\d+\.\d) s/.exec(failure?.message ?? '')?.[1])
      const listed = (await area.handlers.listTakes({ jobId: JOB })).takes
      expect(listed.map((t) => [t.id, t.state, t.saving])).toEqual([[takeId, 'ready', undefined]])
      expect((await ffprobe(wav)).durationS).toBeCloseTo(kept, 1)
    },
  )

  it(
    'a Booth killed right after the check reached the window, while the take is saved: its next ' +
      'start offers the take back with what was written',
    async () => {
      const dataDir = join(work.path, 'killed')
      const child = fileURLToPath(new URL('./fixtures/stop-then-killed.ts', import.meta.url))
      const { output, signal } = await new Promise<{ output: string; signal: string | null }>((resolve) => {
        const proc = spawn(process.execPath, ['--import', 'tsx', child, dataDir, '3'], {
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        let output = ''
        proc.stdout.on('data', (d: Buffer) => (output += d.toString()))
        proc.stderr.on('data', (d: Buffer) => (output += d.toString()))
        proc.on('exit', (_code, signal) => resolve({ output, signal }))
      })
      expect(signal, output).toBe('SIGKILL')
      const [, id, checkedS] = /checked (\S+) ([\d.]+)/.exec(output) ?? []
      expect(Number(checkedS)).toBeCloseTo(3, 2)
      const report = await new TakeStore({ dataDir, measure: measureTake }).recoverUnfinished()
      expect(report.failed).toEqual([])
      expect(report.recovered.map((r) => [r.take.id, r.take.state])).toEqual([[id, 'recovered']])
      // At most about a second is lost (what waited in memory for its write), as after any crash while recording.
      const length = report.recovered[0]?.take.preflight?.duration_s ?? 0
      expect(length).toBeGreaterThan(Number(checkedS) - 1)
      expect(length).toBeLessThanOrEqual(Number(checkedS))
    },
  )
})
