import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchManifest } from '../../../../main/readback/engines/sherpa/hf-manifest'
import {
  downloadModel,
  ModelDownloadError,
  type ManifestFile,
} from '../../../../main/readback/engines/sherpa/model-download'
import { SHERPA_MODEL } from '../../../../main/readback/engines/sherpa/sherpa-model'

const BIG = randomBytes(300_000)
const SMALL = Buffer.from('<blk> 0\n▁THE 1\n')
let server: Server
let base = ''
let dir = ''
/** Requests seen: path and Range header. */
const seen: Array<{ path: string; range: string | undefined }> = []
/** When set, the next request for BIG is cut off after this many bytes. */
let cutAfter: number | null = null

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'booth-model-dl-'))
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', range: req.headers.range })
    if (req.url?.startsWith('/api/models/')) {
      res.setHeader('content-type', 'application/json')
      res.end(
        JSON.stringify(
          SHERPA_MODEL.files.map((path, i) =>
            i === 3
              ? {
                  type: 'file',
                  path,
                  size: SMALL.length,
                  oid: createHash('sha1').update(`blob ${SMALL.length}\0`).update(SMALL).digest('hex'),
                }
              : {
                  type: 'file',
                  path,
                  size: 1,
                  oid: 'a'.repeat(40),
                  lfs: { oid: createHash('sha256').update(BIG).digest('hex'), size: BIG.length },
                },
          ),
        ),
      )
      return
    }
    const body = req.url?.endsWith('tokens.txt') ? SMALL : BIG
    const m = /bytes=(\d+)-/.exec(req.headers.range ?? '')
    const from = m ? Number(m[1]) : 0
    res.writeHead(m ? 206 : 200, {
      'content-length': body.length - from,
      ...(m ? { 'content-range': `bytes ${from}-${body.length - 1}/${body.length}` } : {}),
    })
    if (cutAfter !== null && body === BIG) {
      const n = cutAfter
      cutAfter = null
      res.write(body.subarray(from, from + n), () => setTimeout(() => res.destroy(), 300))
      return
    }
    res.end(body.subarray(from))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.close()
  await rm(dir, { recursive: true, force: true })
})

const file = (over: Partial<ManifestFile> = {}): ManifestFile => ({
  name: 'encoder.onnx',
  url: `${base}/big`,
  size: BIG.length,
  sha256: createHash('sha256').update(BIG).digest('hex'),
  ...over,
})

describe('downloadModel', () => {
  it('reads sizes and checksums from the model list, downloads every file and reports progress up to the total', async () => {
    const manifest = await fetchManifest(SHERPA_MODEL, { base })
    expect(manifest.map((f) => f.size)).toEqual([BIG.length, BIG.length, BIG.length, SMALL.length])
    const target = join(dir, 'full')
    const progress: number[] = []
    await downloadModel(manifest, target, { onProgress: (p) => progress.push(p.bytesDone / p.bytesTotal) })
    expect(await readFile(join(target, 'tokens.txt'))).toEqual(SMALL)
    expect(await readFile(join(target, SHERPA_MODEL.files[0] as string))).toEqual(BIG)
    expect(progress[progress.length - 1]).toBe(1)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))
  })

  it('resumes an interrupted download with a Range request and ends with the whole file', async () => {
    const target = join(dir, 'resume')
    cutAfter = 100_000
    const first = await downloadModel([file()], target).catch((e: unknown) => e)
    expect(first).toBeInstanceOf(ModelDownloadError)
    expect((first as Error).message).toMatch(/resumes from there next time/)
    const partSize = (await stat(join(target, 'encoder.onnx.part'))).size
    expect(partSize).toBeGreaterThan(0)
    seen.length = 0
    await downloadModel([file()], target)
    expect(seen).toEqual([{ path: '/big', range: `bytes=${partSize}-` }])
    expect(await readFile(join(target, 'encoder.onnx'))).toEqual(BIG)
    seen.length = 0
    await downloadModel([file()], target)
    expect(seen).toEqual([]) // complete and verified: not fetched again
  })

  it('refuses a file whose checksum does not match, and deletes it', async () => {
    const target = join(dir, 'bad')
    const err = await downloadModel([file({ sha256: 'f'.repeat(64) })], target).catch((e: unknown) => e)
    expect((err as Error).message).toBe(
      'The downloaded encoder.onnx does not match its published checksum and was deleted; try again later.',
    )
    await expect(stat(join(target, 'encoder.onnx'))).rejects.toThrow()
    await expect(stat(join(target, 'encoder.onnx.part'))).rejects.toThrow()
  })

  it('refuses a file without a checksum or with a path in its name, before fetching anything', async () => {
    seen.length = 0
    await expect(downloadModel([file({ sha256: undefined })], join(dir, 'x'))).rejects.toThrow(/no published checksum/)
    await expect(downloadModel([file({ name: '../evil.onnx' })], join(dir, 'x'))).rejects.toThrow(
      /not a plain file name/,
    )
    expect(seen).toEqual([])
  })

  it('an unreachable server is a sentence', async () => {
    await expect(
      downloadModel([file({ url: `${base.replace(/:\d+$/, ':1')}/big` })], join(dir, 'unreach')),
    ).rejects.toThrow(/could not reach the model's server/)
  })
})
