/** The model as the talent sees it: size before and after the file list, progress, done, stop and resume, a chosen folder. */
import { createHash, randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReadbackModelView } from '../../../../shared/bridge-readback'
import { ModelManager } from '../../../../main/readback/engines/sherpa/model-manager'
import type { ManifestFile } from '../../../../main/readback/engines/sherpa/model-download'
import { SHERPA_MODEL } from '../../../../main/readback/engines/sherpa/sherpa-model'

const BODY = randomBytes(200_000)
let server: Server
let base = ''
let dir = ''
let slow = false

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'booth-model-mgr-'))
  server = createServer((req, res) => {
    const m = /bytes=(\d+)-/.exec(req.headers.range ?? '')
    const from = m ? Number(m[1]) : 0
    res.writeHead(m ? 206 : 200, { 'content-length': BODY.length - from })
    if (!slow) {
      res.end(BODY.subarray(from))
      return
    }
    // Trickles the first 10 kB, then waits: long enough to be stopped.
    res.write(BODY.subarray(from, from + 10_000))
    setTimeout(() => res.end(BODY.subarray(from + 10_000)), 5000).unref()
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  server.close()
  await rm(dir, { recursive: true, force: true })
})

const manifest = async (): Promise<ManifestFile[]> =>
  SHERPA_MODEL.files.map((name) => ({
    name,
    url: `${base}/${name}`,
    size: BODY.length,
    sha256: createHash('sha256').update(BODY).digest('hex'),
  }))

describe('ModelManager', { timeout: 30_000 }, () => {
  it('shows the size, downloads with progress into the data folder, and then the model is present', async () => {
    const views: ReadbackModelView['download'][] = []
    let mgr: ModelManager | null = null
    mgr = new ModelManager({
      dataDir: join(dir, 'a'),
      chosenFolder: () => null,
      manifest,
      onChange: () => void mgr?.view().then((v) => views.push(v.download)),
    })
    expect(await mgr.view()).toMatchObject({
      present: false,
      sizeBytes: SHERPA_MODEL.approxBytes,
      source: 'data_folder',
      download: { state: 'idle' },
    })
    mgr.start()
    await mgr.settled()
    const after = await mgr.view()
    expect(after).toMatchObject({
      present: true,
      sizeBytes: 4 * BODY.length,
      download: { state: 'done', bytesDone: 4 * BODY.length },
    })
    expect(after.folder).toBe(join(dir, 'a', 'models', SHERPA_MODEL.id))
    await new Promise((r) => setTimeout(r, 50))
    expect(views.some((v) => v.state === 'downloading')).toBe(true)
  })

  it('stopping keeps what was fetched and says it resumes; starting again finishes', async () => {
    slow = true
    const mgr = new ModelManager({ dataDir: join(dir, 'b'), chosenFolder: () => null, manifest, onChange: () => {} })
    mgr.start()
    await new Promise((r) => setTimeout(r, 300))
    mgr.cancel()
    await mgr.settled()
    expect((await mgr.view()).download).toMatchObject({
      state: 'failed',
      message: 'The download was stopped; what was fetched is kept and it resumes next time.',
    })
    slow = false
    mgr.start()
    await mgr.settled()
    expect(await mgr.view()).toMatchObject({ present: true, download: { state: 'done' } })
  })

  it('a chosen folder is used when it holds a model', async () => {
    const chosen = join(dir, 'mine')
    await mkdir(chosen, { recursive: true })
    for (const f of ['encoder.onnx', 'decoder.onnx', 'joiner.onnx', 'tokens.txt']) await writeFile(join(chosen, f), 'x')
    const mgr = new ModelManager({ dataDir: join(dir, 'c'), chosenFolder: () => chosen, manifest, onChange: () => {} })
    expect(await mgr.view()).toMatchObject({ present: true, source: 'chosen_folder', folder: chosen })
  })
})
