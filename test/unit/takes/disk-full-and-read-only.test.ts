/**
 * Full and read-only disks under the takes area, for real (small-disks.ts: a small tmpfs, a read-only
 * bind remount): import, record, trim and deliver each say what happened and what to do, through the
 * same error description the page gets, and lose nothing.
 */
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { describeError } from '../../../main/bridge/describe-error'
import { makeAudio } from '../../support/audio-fixtures'
import {
  fillUp,
  makeReadOnly,
  mountRefusal,
  mountSmallDisk,
  sayWhySkipped,
  type Mounted,
} from '../../support/small-disks'
import { SwitchableOnline, takeArea, tempDir } from '../delivery/delivery-fixture'
import { ffprobe } from './helpers/media'

const refusal = await mountRefusal()
sayWhySkipped('the takes area on a full or read-only disk', refusal)
const JOB = '42'
let work: Awaited<ReturnType<typeof tempDir>>
let source: string
const mounts: Mounted[] = []

beforeAll(async () => {
  work = await tempDir('booth-disk-')
  // A take recorded elsewhere: 3 s of speech-like noise and tone, 24-bit (432 KB).
  source = await makeAudio(work.path, 'dropped', [
    { kind: 'tone', seconds: 1.5, dbfs: -14 },
    { kind: 'noise', seconds: 1.5, dbfs: -30 },
  ])
  return async () => {
    for (const m of mounts.splice(0)) await m.unmount()
    await work.remove()
  }
})
afterEach(async () => {
  for (const m of mounts.splice(0)) await m.unmount()
})

/** The takes area on a data folder of its own disk of `bytes`. */
async function onSmallDisk(name: string, bytes: number) {
  const dataDir = join(work.path, name)
  mounts.push(await mountSmallDisk(dataDir, bytes))
  const { area, events } = takeArea({ dataDir, url: () => null, online: new SwitchableOnline(false) })
  await area.start()
  return { dataDir, area, events }
}

/** What the page is told when `p` fails. */
async function pageError(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err, 'the call should have failed').not.toBeNull()
  return describeError(err)
}

const FULL = /^The disk holding Booth's data is full: \d+(\.\d)? (bytes|KB|MB) free\. Free some space, then /
const READ_ONLY =
  /^The disk holding Booth's data is read-only \(.{1,60}\): Booth cannot save anything there\. Make it writable again, then /

/** Float32 PCM of `seconds` of a 220 Hz tone at 48 kHz mono, base64 as the page sends it. */
function chunk(seconds: number, offset: number): string {
  const n = Math.round(seconds * 48_000)
  const pcm = new Float32Array(n)
  for (let i = 0; i < n; i++) pcm[i] = 0.3 * Math.sin((2 * Math.PI * 220 * (offset + i)) / 48_000)
  return Buffer.from(pcm.buffer).toString('base64')
}

describe.skipIf(refusal)('import', () => {
  it('onto a full disk: says the disk is full and how much is free, leaves nothing behind and the dropped file as it was', async () => {
    const { dataDir, area } = await onSmallDisk('import-full', 1024 * 1024)
    await fillUp(dataDir, 100 * 1024)
    const failure = await pageError(area.handlers.importTake({ jobId: JOB, path: source }))
    expect(failure).toMatchObject({ status: 507, kind: 'disk' })
    expect(failure.message).toMatch(FULL)
    expect(failure.message).toMatch(/then drop the file on the job again\.$/)
    expect((await area.handlers.listTakes({ jobId: JOB })).takes).toEqual([])
    expect((await readdir(join(dataDir, 'takes', JOB))).filter((n) => !n.startsWith('.take-numbers'))).toEqual([])
    expect((await stat(source)).size).toBeGreaterThan(400_000)
  })

  it('onto a read-only disk: says so with the folder, shortened', async () => {
    const { dataDir, area } = await onSmallDisk('import-ro', 2 * 1024 * 1024)
    mounts.push(await makeReadOnly(dataDir))
    const failure = await pageError(area.handlers.importTake({ jobId: JOB, path: source }))
    expect(failure).toMatchObject({ status: 507, kind: 'disk' })
    expect(failure.message).toMatch(READ_ONLY)
  })
})

describe.skipIf(refusal)('recording', () => {
  it('a disk that fills up stops the recording within a second, keeps what was written as the take and says what to do', async () => {
    const { dataDir, area } = await onSmallDisk('record-full', 1024 * 1024)
    await fillUp(dataDir, 400 * 1024)
    const { takeId } = await area.handlers.startRecording({ jobId: JOB, sampleRate: 48_000, channels: 1 })
    let sent = 0
    let stopped: string | null = null
    // 0.1 s chunks at about five times real time, until main refuses one (400 KB hold about 2.7 s).
    for (let i = 0; i < 200 && stopped === null; i++) {
      try {
        await area.handlers.appendRecording({ takeId, pcmBase64: chunk(0.1, sent * 48_000) })
        sent += 0.1
      } catch (err) {
        const failure = describeError(err)
        expect(failure.status).toBe(507)
        stopped = failure.message
      }
      await new Promise((r) => setTimeout(r, 20))
    }
    expect(stopped).toMatch(
      new RegExp(
        String.raw`^Recording stopped\. The disk holding Booth's data is full: \d+(\.\d)? (KB|bytes) free\. ` +
          String.raw`Take 1 keeps the \d+\.\d s recorded until then\. Free some space, then record again\.$`,
      ),
    )
    const kept = Number(/keeps the (\d+\.\d) s/.exec(stopped ?? '')?.[1])
    // Stopped at once: no more than about a second went on after the disk was full.
    expect(sent - kept).toBeLessThan(1.5)
    expect(kept).toBeGreaterThan(1)
    // A late chunk gets the same answer; Stop gives back the kept take.
    await expect(area.handlers.appendRecording({ takeId, pcmBase64: chunk(0.1, 0) })).rejects.toMatchObject({
      message: stopped,
    })
    const take = await area.handlers.stopRecording({ takeId })
    expect(take).toMatchObject({ id: takeId, state: 'ready', take_number: 1 })
    const listed = await area.handlers.listTakes({ jobId: JOB })
    expect(listed.takes.map((t) => [t.take_number, t.state])).toEqual([[1, 'ready']])
    const wav = join(dataDir, 'takes', JOB, take.file_name)
    expect((await ffprobe(wav)).durationS).toBeCloseTo(kept, 1)
    // The room kept aside for this moment is gone with the recording.
    expect((await readdir(join(dataDir, 'takes', JOB))).some((n) => n.endsWith('.reserve'))).toBe(false)
  })

  it(
    'a disk that turns read-only under a recording: Stop says the take could not be saved, it ' +
      'stays on disk, is offered back and kept once the disk is writable',
    async () => {
      const { dataDir, area, events } = await onSmallDisk('record-ro', 4 * 1024 * 1024)
      const { takeId } = await area.handlers.startRecording({ jobId: JOB, sampleRate: 48_000, channels: 1 })
      for (let i = 0; i < 20; i++) await area.handlers.appendRecording({ takeId, pcmBase64: chunk(0.1, i * 4800) })
      // A read-only view from now on (the file already open for the audio still takes it; nothing new can be written).
      const ro = await makeReadOnly(dataDir)
      mounts.push(ro)
      const stopped = await pageError(area.handlers.stopRecording({ takeId }))
      expect(stopped.message).toMatch(
        new RegExp(
          String.raw`^The take could not be saved\. The disk holding Booth's data is read-only \(.{1,60}\): ` +
            String.raw`Booth cannot save anything there\. The 2\.0 s recorded until then stay on disk as take 1; ` +
            String.raw`Booth offers the take back when it can write there again\. Make it writable again, then record again\.$`,
        ),
      )
      // The window had the take's check at once, as it was being saved; the take is never left "being saved".
      expect(
        events.filter((e) => e.event === 'takeChecked').map((e) => (e.data as { saving?: boolean }).saving),
      ).toEqual([true])
      // Never "Recording…": nothing records it any more, so it is listed as cut off and kept.
      expect((await area.handlers.listTakes({ jobId: JOB })).takes.map((t) => [t.state, t.saving])).toEqual([
        ['recovered', undefined],
      ])
      const keepWhileReadOnly = await pageError(area.handlers.keepRecoveredTake({ takeId }))
      expect(keepWhileReadOnly.message).toMatch(READ_ONLY)
      await ro.unmount()
      mounts.splice(mounts.indexOf(ro), 1)
      const kept = await area.handlers.keepRecoveredTake({ takeId })
      expect(kept.state).toBe('ready')
      expect(kept.preflight?.duration_s).toBeCloseTo(2, 1)
    },
  )

  it('recording on a read-only disk does not start, saying so', async () => {
    const { dataDir, area } = await onSmallDisk('record-ro-start', 1024 * 1024)
    mounts.push(await makeReadOnly(dataDir))
    const failure = await pageError(area.handlers.startRecording({ jobId: JOB, sampleRate: 48_000, channels: 1 }))
    expect(failure.message).toMatch(READ_ONLY)
    expect(failure.message).toMatch(/then record again\.$/)
  })

  it('a disk without room for even the first second refuses to start, saying so', async () => {
    const { dataDir, area } = await onSmallDisk('record-none', 512 * 1024)
    await fillUp(dataDir, 16 * 1024)
    const failure = await pageError(area.handlers.startRecording({ jobId: JOB, sampleRate: 48_000, channels: 1 }))
    expect(failure.message).toMatch(FULL)
    expect(failure.message).toMatch(/then record again\.$/)
  })
})

describe.skipIf(refusal)('trim and delivery', () => {
  it('trimming on a full disk says so; on a read-only one too; the take keeps its trim as it was', async () => {
    const { dataDir, area } = await onSmallDisk('trim', 2 * 1024 * 1024)
    const take = await area.handlers.importTake({ jobId: JOB, path: source })
    await fillUp(dataDir)
    const full = await pageError(area.handlers.setTakeTrim({ takeId: take.id, head_s: 0.5, tail_s: 0.5 }))
    expect(full.message).toMatch(FULL)
    expect(full.message).toMatch(/then trim the take again\.$/)
    const { rm } = await import('node:fs/promises')
    await rm(join(dataDir, '.filler'))
    const ro = await makeReadOnly(dataDir)
    mounts.push(ro)
    const readOnly = await pageError(area.handlers.setTakeTrim({ takeId: take.id, head_s: 0.25, tail_s: 0 }))
    expect(readOnly.message).toMatch(READ_ONLY)
    expect((await area.store.get(take.id)).trim).toEqual({ head_s: 0, tail_s: 0 })
  })

  it('delivering on a full or read-only disk says so before anything is sent', async () => {
    const { dataDir, area } = await onSmallDisk('deliver', 2 * 1024 * 1024)
    const take = await area.handlers.importTake({ jobId: JOB, path: source })
    await fillUp(dataDir)
    const full = await pageError(area.handlers.deliverTake({ takeId: take.id, label: 'main', note: null }))
    expect(full.message).toMatch(FULL)
    expect(full.message).toMatch(/then deliver it again\.$/)
    const { rm } = await import('node:fs/promises')
    await rm(join(dataDir, '.filler'))
    mounts.push(await makeReadOnly(dataDir))
    const readOnly = await pageError(area.handlers.deliverTake({ takeId: take.id, label: 'main', note: null }))
    expect(readOnly.message).toMatch(READ_ONLY)
    expect((await area.store.get(take.id)).delivery).toMatchObject({ status: 'none', queued: false })
    expect(area.delivery.list().items).toEqual([])
  })
})
