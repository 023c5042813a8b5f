/**
 * A render cut off by a crash: a real child process renders a long version and is killed with SIGKILL
 * while its `.rendering` temp file is being written. The temp file is left behind (nothing could remove
 * it); the next start clears it, lists nothing false, and the version renders again to the same bytes.
 */
import { spawn } from 'node:child_process'
import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notMeasuredPreflight } from '../../../main/audio/preflight'
import { TakeStore } from '../../../main/takes/take-store'
import { sha256File } from '../../../main/versions/store/recordings'
import { TakeVersions } from '../../../main/versions/store/take-versions'
import type { EditList } from '../../../shared/versions/edit-list'
import { tempDir } from '../delivery/delivery-fixture'
import { JOB, versionedTake, type VersionedTake } from './helpers/versioned-take'

const CHILD = fileURLToPath(new URL('./render-child.ts', import.meta.url))
let work: Awaited<ReturnType<typeof tempDir>>
let vt: VersionedTake
let renderPath = ''
let renderSha = ''

beforeAll(async () => {
  work = await tempDir('booth-interrupted-render-')
  vt = await versionedTake(join(work.path, 'data'))
  const t = await vt.fresh()
  const ref = await vt.area.versions.recordings(JOB).add(vt.store.recordingPath(t))
  // Three minutes made of the three-second recording at -1 dB: long enough to be caught while it is written.
  const pieces = Array.from({ length: 60 }, (_, i) => ({
    source: ref.hash,
    from: 0,
    to: ref.frames,
    at: i * ref.frames,
    gain_db: -1,
    fade_in: { frames: 0, shape: 'equal_power' as const },
    fade_out: { frames: 0, shape: 'equal_power' as const },
  }))
  const list: EditList = { format: ref.format, frames: 60 * ref.frames, pieces }
  const made = await vt.area.work.commit(t, await vt.area.work.scriptOf(t), {
    operation: 'cut_restart',
    list,
    changes: [],
    findings: [],
  })
  renderPath = join(vt.area.versions.folders(JOB).renders, `${made.version.render_key}.wav`)
  renderSha = await sha256File(renderPath)
  await rm(renderPath)
}, 120_000)
afterAll(async () => {
  await work.remove()
})

const rendersDir = () => vt.area.versions.folders(JOB).renders
const temps = async () => (await readdir(rendersDir())).filter((n) => n.endsWith('.rendering'))

describe('a render cut off by SIGKILL', { timeout: 120_000 }, () => {
  it('leaves a .rendering file that the next start clears; the version renders again, byte for byte', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, vt.dataDir, vt.take.id], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString()
    })
    child.stderr.on('data', (b: Buffer) => {
      err += b.toString()
    })
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.on('exit', (code, signal) => resolve(signal ?? code)),
    )
    // Killed as soon as its temp file is on disk, long before the render is whole.
    for (;;) {
      if ((await temps()).length > 0) break
      if (child.exitCode !== null) throw new Error(`The child ended before it rendered: ${out} ${err}`)
      await new Promise((r) => setTimeout(r, 2))
    }
    child.kill('SIGKILL')
    expect(await exited).toBe('SIGKILL')
    expect(out).not.toContain('done')
    const left = await temps()
    expect(left).toHaveLength(1)
    expect((await readdir(rendersDir())).filter((n) => n.endsWith('.wav'))).toEqual([])

    // The next start: a new store on the same data folder clears what the render left, and nothing else.
    const store = new TakeStore({ dataDir: vt.dataDir, measure: async () => notMeasuredPreflight() })
    const report = await store.recoverUnfinished()
    expect(report.removedLeftovers).toEqual([join(JOB, 'versions', 'renders', left[0] as string)])
    expect(await temps()).toEqual([])
    expect((await store.list(JOB)).damaged).toEqual([])
    // The recording the version is made of stays (with the take's seal, its file linked in under its hash).
    expect((await readdir(vt.area.versions.folders(JOB).recordings)).filter((n) => n.endsWith('.wav'))).toHaveLength(1)

    // And the version plays again: rendered from its edit list to the very same bytes.
    await new TakeVersions(store).ensureRender(await store.get(vt.take.id))
    expect(await sha256File(renderPath)).toBe(renderSha)
  })
})
