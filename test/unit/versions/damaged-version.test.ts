/**
 * Nothing damaged is offered, restored or delivered (issue 41): on a real take store with real renders,
 * 48 kB are overwritten in the middle of a version's recording and of its render, as the tester did. The
 * version list names it in words ("Version 3's recording is damaged (changed on disk since Booth wrote
 * it); versions 1 and 2 are fine"), restoring it is refused, playing it for delivery is refused, and the
 * upload step refuses it before anything is sent — even when the damage kept the file's size and
 * modification time (the check right before an upload reads the file again). A render damaged over sound
 * recordings is made again, to the bytes whose hash was written with it.
 */
import { open, readdir, readFile, stat, utimes } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLog } from '../../../main/logging/redacting-log'
import { sha256File } from '../../../main/storage/content-hash'
import { UploadStep } from '../../../main/delivery/upload-step'
import type { QueueItem } from '../../../main/delivery/delivery-queue-file'
import { TakeStore } from '../../../main/takes/take-store'
import { DamagedVersionError } from '../../../main/versions/store/missing-recordings'
import { renderHashPath } from '../../../main/versions/store/render-cache'
import type { EditList } from '../../../shared/versions/edit-list'
import { tempDir } from '../delivery/delivery-fixture'
import { writeGeneratedWav } from './helpers/generated-wav'
import { JOB, versionedTake, type VersionedTake } from './helpers/versioned-take'

let work: Awaited<ReturnType<typeof tempDir>>
beforeAll(async () => {
  work = await tempDir('booth-damaged-version-')
})
afterAll(async () => {
  await work.remove()
})

/** Overwrites 48 kB in the middle of a file, in place (same inode), as a faulty disk or tool would. */
async function scribble(path: string, keepTimes = false): Promise<void> {
  const before = await stat(path)
  const fh = await open(path, 'r+')
  try {
    await fh.write(Buffer.alloc(48 * 1024, 0x5a), 0, 48 * 1024, Math.floor(before.size / 2))
  } finally {
    await fh.close()
  }
  if (keepTimes) await utimes(path, before.atime, before.mtime)
}

/** A take at version 2 (a cut of its recording), with version 3 made of another recording, then back at 2. */
async function threeVersions(name: string): Promise<{ vt: VersionedTake; hash3: string; render3: string }> {
  const vt = await versionedTake(join(work.path, name))
  await vt.commitCut(2)
  const other = await writeGeneratedWav(
    join(work.path, `${name}-other.wav`),
    { sample_rate: 48_000, channels: 1, encoding: 'pcm_s24' },
    48_000 * 2,
    11,
  )
  const ref = await vt.area.versions.recordings(JOB).add(other)
  const list: EditList = {
    format: ref.format,
    frames: ref.frames,
    pieces: [
      {
        source: ref.hash,
        from: 0,
        to: ref.frames,
        at: 0,
        gain_db: 0,
        fade_in: { frames: 0, shape: 'equal_power' },
        fade_out: { frames: 0, shape: 'equal_power' },
      },
    ],
  }
  const t = await vt.fresh()
  const script = await vt.area.work.scriptOf(t)
  await vt.area.work.exclusive(t, () =>
    vt.area.work.commit(t, script, { operation: 'cut_restart', list, changes: [], findings: [] }),
  )
  const at3 = await vt.fresh()
  const render3 = join(vt.area.versions.folders(JOB).renders, `${at3.versions?.[2]?.render_key}.wav`)
  await vt.area.versions.restore(vt.take.id, 2)
  return { vt, hash3: ref.hash, render3 }
}

const NOTE = "Version 3's recording is damaged (changed on disk since Booth wrote it)"

describe("a version's recording and render damaged on disk", () => {
  it('is named in the version list, and restoring it is refused; the others stay usable', async () => {
    const { vt, hash3, render3 } = await threeVersions('listed')
    expect((await vt.area.handlers.listVersions({ takeId: vt.take.id })).damaged).toBeUndefined()
    expect(
      await readFile(
        renderHashPath(vt.area.versions.folders(JOB).renders, render3.split('/').pop()!.replace('.wav', '')),
        'utf8',
      ),
    ).toBe(`${await sha256File(render3)}\n`)
    await scribble(vt.area.versions.recordings(JOB).pathOf(hash3))
    await scribble(render3)
    const view = await vt.area.handlers.listVersions({ takeId: vt.take.id })
    expect(view.damaged).toBe(`${NOTE}; versions 1 and 2 are fine.`)
    expect(view.versions.map((v) => v.damaged ?? null)).toEqual([null, null, `${NOTE}.`])
    const refused = await vt.area.handlers.restoreVersion({ takeId: vt.take.id, version: 3 }).catch((e: unknown) => e)
    // Told to the window as the bridge tells every refusal: in the sentence itself.
    expect((refused as Error).message).toBe(
      `${NOTE}, so take ${vt.take.take_number} is not played, restored or delivered at version 3; versions 1 and 2 are fine.`,
    )
    expect((await vt.fresh()).current_version).toBe(2)
    // Version 1 is still restored and played.
    await vt.area.handlers.restoreVersion({ takeId: vt.take.id, version: 1 })
    expect((await vt.fresh()).current_version).toBe(1)
    expect(await vt.store.readyAudioPath(await vt.fresh())).toBe(vt.store.recordingPath(await vt.fresh()))
  })

  it('is never played for delivery nor uploaded, even when the damage kept size and time', async () => {
    const { vt, hash3 } = await threeVersions('delivered')
    await vt.area.versions.restore(vt.take.id, 3)
    const take = await vt.fresh()
    // Checked once while sound (the check is cached by path, size, time and inode)…
    await vt.store.readyAudioPath(take)
    await scribble(vt.area.versions.recordings(JOB).pathOf(hash3), true)
    // …the check right before an upload reads the file again, and nothing is sent.
    await expect(vt.store.readyAudioPath(take, true)).rejects.toThrow(
      `${NOTE}, so take ${take.take_number} is not played, restored or delivered at version 3; versions 1 and 2 are fine.`,
    )
    const contacted: string[] = []
    const step = new UploadStep({
      store: vt.store,
      dataDir: vt.dataDir,
      apiKey: () => 'k'.repeat(32),
      log: createLog({ sink: { write: () => {} } }),
      onProgress: (p) => contacted.push(String(p.bytesSent)),
    })
    const item: QueueItem = {
      takeId: take.id,
      jobId: JOB,
      label: take.label,
      note: null,
      queuedAt: 0,
      status: 'sending',
      message: null,
      attempts: 1,
      nextAttemptAt: null,
      mayHaveArrived: false,
      file: null,
    }
    const control = { signal: new AbortController().signal, update: async () => undefined }
    await expect(step.run(item, take, 'http://127.0.0.1:9', control)).rejects.toBeInstanceOf(DamagedVersionError)
    expect(contacted).toEqual([])
    expect((await vt.fresh()).upload.status).toBe('none')
  })

  it('a render damaged over sound recordings is made again, to the bytes whose hash was written with it', async () => {
    const { vt, render3 } = await threeVersions('render-only')
    const good = await sha256File(render3)
    await scribble(render3)
    expect(await sha256File(render3)).not.toBe(good)
    const view = await vt.area.handlers.listVersions({ takeId: vt.take.id })
    expect(view.damaged).toBeUndefined()
    await vt.area.handlers.restoreVersion({ takeId: vt.take.id, version: 3 })
    expect(await sha256File(render3)).toBe(good)
  })

  it("a take with no versions: its file's hash is kept as it is written; damaged, it is named and not uploaded; its seal goes with it", async () => {
    const vt = await versionedTake(join(work.path, 'sealed'))
    const take = await vt.fresh()
    expect(take.versions).toBeUndefined()
    const path = vt.store.recordingPath(take)
    // Imported: its hash is kept from the moment the copy is complete, a hard link named by it; its first check keeps it.
    await vt.store.readyAudioPath(take)
    const sealed = (await readdir(vt.area.versions.folders(JOB).recordings)).filter((n) => n.endsWith('.sealed'))
    expect(sealed).toEqual([`${await sha256File(path)}.sealed`])
    expect((await vt.area.handlers.listVersions({ takeId: take.id })).damaged).toBeUndefined()
    // A start keeps the seal of a take that is there.
    await vt.store.folders.removeLeftovers(JOB)
    expect((await readdir(vt.area.versions.folders(JOB).recordings)).filter((n) => n.endsWith('.sealed'))).toEqual(
      sealed,
    )
    await scribble(path, true)
    await expect(vt.store.readyAudioPath(take, true)).rejects.toThrow(
      `Version 1's recording is damaged (changed on disk since Booth wrote it), so take ${take.take_number} is not played, restored or delivered at version 1.`,
    )
    const step = new UploadStep({
      store: vt.store,
      dataDir: vt.dataDir,
      apiKey: () => 'k'.repeat(32),
      log: createLog({ sink: { write: () => {} } }),
      onProgress: () => undefined,
    })
    const item: QueueItem = {
      takeId: take.id,
      jobId: JOB,
      label: take.label,
      note: null,
      queuedAt: 0,
      status: 'sending',
      message: null,
      attempts: 1,
      nextAttemptAt: null,
      mayHaveArrived: false,
      file: null,
    }
    await expect(
      step.run(item, take, 'http://127.0.0.1:9', {
        signal: new AbortController().signal,
        update: async () => undefined,
      }),
    ).rejects.toBeInstanceOf(DamagedVersionError)
    // Deleted and the trash emptied: the next start (a new store on the folder) removes its seal.
    await vt.store.delete(take.id)
    await vt.store.emptyTrash()
    const again = new TakeStore({
      dataDir: vt.dataDir,
      measure: async () => {
        throw new Error('not measured here')
      },
    })
    await again.folders.removeLeftovers(JOB)
    expect((await readdir(vt.area.versions.folders(JOB).recordings)).filter((n) => n.endsWith('.sealed'))).toEqual([])
  })

  it('a recording damaged after it was written and before its first check is named, not played or delivered', async () => {
    const vt = await versionedTake(join(work.path, 'before-check'))
    const recording = await vt.store.record(JOB, { stem: 'ACME', sampleRate: 48_000, channels: 1 })
    const tone = Float32Array.from({ length: 48_000 * 2 }, (_, i) => 0.25 * Math.sin((2 * Math.PI * 440 * i) / 48_000))
    recording.write(tone)
    const written = await vt.store.finishRecording(recording.take.id)
    const path = vt.store.recordingPath(written)
    // Sealed the moment its file was complete: a hard link named by the hash of what was written.
    const hash = await sha256File(path)
    expect((await readdir(vt.area.versions.folders(JOB).recordings)).filter((n) => n.endsWith('.sealed'))).toContain(
      `${hash}.sealed`,
    )
    // Damaged before anything played, measured or listed it (size and time kept): its first check names it.
    await scribble(path, true)
    await expect(vt.store.readyAudioPath(await vt.store.get(written.id))).rejects.toThrow(
      `Version 1's recording is damaged (changed on disk since Booth wrote it), so take ` +
        `${written.take_number} is not played, restored or delivered at version 1.`,
    )
    expect((await vt.area.handlers.listVersions({ takeId: written.id })).damaged).toBe(
      "Version 1's recording is damaged (changed on disk since Booth wrote it).",
    )
  })

  it("the take's own recording damaged in place (hard-linked into the versions' recordings): version 1 and the versions made of it are named", async () => {
    const vt = await versionedTake(join(work.path, 'own'))
    // Version 2: a cut of the take's own recording (the helper's cuts are of new audio).
    const t = await vt.fresh()
    const ref = await vt.area.versions.recordings(JOB).add(vt.store.recordingPath(t))
    const frames = 2 * ref.format.sample_rate
    const none = { frames: 0, shape: 'equal_power' as const }
    const list = {
      format: ref.format,
      frames,
      pieces: [
        {
          source: ref.hash,
          from: 0,
          to: frames,
          at: 0,
          gain_db: 0,
          fade_in: none,
          fade_out: { frames: 480, shape: 'equal_power' as const },
        },
      ],
    }
    const script = await vt.area.work.scriptOf(t)
    await vt.area.work.exclusive(t, () =>
      vt.area.work.commit(t, script, { operation: 'cut_restart', list, changes: [], findings: [] }),
    )
    await scribble(vt.store.recordingPath(await vt.fresh()))
    const view = await vt.area.handlers.listVersions({ takeId: vt.take.id })
    expect(view.damaged).toBe(
      "Version 1's recording is damaged (changed on disk since Booth wrote it); version 2's recording is damaged (changed on disk since Booth wrote it).",
    )
    await expect(vt.area.versions.restore(vt.take.id, 1)).rejects.toBeInstanceOf(DamagedVersionError)
  })
})
