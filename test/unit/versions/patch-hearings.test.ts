/**
 * New audio in a version is heard once (main/versions/hearing/patch-hearings.ts): what it was heard to say, in its
 * place, is kept beside the version records, so a new service on the same data folder (a restart) reads the
 * version back the same without hearing anything again — and only while the recording is the bytes it is
 * named by: a recording changed on disk is heard again.
 */
import { open, readdir, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EventHub } from '../../../main/bridge/event-hub'
import { TakeStore } from '../../../main/takes/take-store'
import { createVersionArea } from '../../../main/versions/service/version-handlers'
import type { Transcribe } from '../../../main/versions/hearing/version-inputs'
import { tempDir } from '../delivery/delivery-fixture'
import { heardIn, JOB, SCRIPT, versionedTake } from './helpers/versioned-take'

let work: Awaited<ReturnType<typeof tempDir>>
beforeAll(async () => {
  work = await tempDir('booth-patch-hearings-')
})
afterAll(async () => {
  await work.remove()
})

/** A new service on the same data folder, whose engine counts what it is asked to hear. */
function restarted(dataDir: string) {
  const heard: string[] = []
  const transcribe: Transcribe = async (path) => {
    heard.push(path)
    return { words: heardIn(path), engine: 'pocketsphinx' }
  }
  const store = new TakeStore({
    dataDir,
    measure: async () => {
      throw new Error('not measured here')
    },
  })
  const area = createVersionArea({
    store,
    hub: new EventHub(),
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
  return { store, area, heard }
}

describe('the hearing of new audio, kept across a restart', () => {
  it('reads the version back the same without hearing again, until its recording changes on disk', async () => {
    const vt = await versionedTake(join(work.path, 'kept'))
    await vt.commitCut(2)
    const take = await vt.fresh()
    const v2 = take.versions?.[1]
    expect(v2?.edits?.pieces).toHaveLength(1)
    const before = await vt.readback(2)
    // Cut to 2 s, the re-read ends before its last word: one finding, heard from the new audio.
    expect(before?.check.issues.map((i) => [i.kind, i.expected])).toEqual([['missing', 'nine']])
    const source = v2!.edits!.pieces[0]!.source
    const hearings = join(dirname(vt.area.versions.folders(JOB).recordings), 'hearings')
    expect((await readdir(hearings)).filter((n) => n.startsWith(`${source}.`) && n.endsWith('.json'))).toHaveLength(1)

    const again = restarted(vt.dataDir)
    const t = await again.store.get(take.id)
    const script = await again.area.work.scriptOf(t)
    const render = await again.store.readyAudioPath(t)
    const read = await again.area.work.readBack(t, v2!.edits!, render, script)
    expect(again.heard).toEqual([])
    expect(read.stored?.words).toEqual(before?.words)
    expect(read.stored?.check.issues).toEqual(before?.check.issues)
    expect(read.summary).toEqual((await again.store.get(take.id)).versions?.[1]?.readback)

    // The recording changed on disk (same size and time): its kept hearing is not trusted; it is heard again.
    const path = again.area.versions.recordings(JOB).pathOf(source)
    const info = await stat(path)
    const fh = await open(path, 'r+')
    await fh.write(Buffer.alloc(4096, 0x5a), 0, 4096, Math.floor(info.size / 2))
    await fh.close()
    const third = restarted(vt.dataDir)
    await third.area.work.readBack(t, v2!.edits!, render, script)
    expect(third.heard).toHaveLength(1)
  })
})
