/**
 * Downloads stream to disk through a temp file renamed when complete, bounded by a size cap and by the
 * idle timeout; every failure is named and leaves neither the file nor a temp file behind.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { streamDownload } from '../../../main/api/stream-download'
import { downloadToFile } from '../../../main/jobs/download-file'
import { downloadPdf } from '../../../main/jobs/script-documents'
import { refusedUrl } from '../../support/fault-proxy'
import { cutMidBody, stallMidBody, startScriptedServer, type Reply, type ScriptedServer } from './scripted-server'

let server: ScriptedServer
let dir: string
beforeAll(async () => {
  server = await startScriptedServer()
  dir = mkdtempSync(join(tmpdir(), 'booth-download-'))
})
afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})
beforeEach(() => {
  server.reset()
  for (const name of readdirSync(dir)) rmSync(join(dir, name), { force: true })
})

const bytes = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7) % 256))
const file =
  (status: number, body: Buffer, type = 'audio/wav'): Reply =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': type, 'content-length': String(body.length) })
    res.end(body)
  }

describe('downloadToFile', () => {
  it('streams the file to a temp file and renames it into place', async () => {
    server.push(file(200, bytes))
    const path = join(dir, 'take.wav')
    await downloadToFile(`${server.url}/files/a`, path)
    expect(readFileSync(path).equals(bytes)).toBe(true)
    expect(readdirSync(dir)).toEqual(['take.wav'])
  })

  it('follows a redirect to the file', async () => {
    server.push(
      (_req, res) => {
        res.writeHead(302, { location: '/files/moved' })
        res.end()
      },
      file(200, bytes),
    )
    const path = join(dir, 'moved.wav')
    await downloadToFile(`${server.url}/files/a`, path)
    expect(readFileSync(path).length).toBe(bytes.length)
    expect(server.received.map((r) => r.url)).toEqual(['/files/a', '/files/moved'])
  })

  it('an expired link says so and leaves nothing behind', async () => {
    server.push(file(410, Buffer.from('gone'), 'text/plain'))
    await expect(downloadToFile(`${server.url}/files/a`, join(dir, 'x.wav'))).rejects.toMatchObject({ kind: 'expired' })
    expect(readdirSync(dir)).toEqual([])
  })

  it('a body cut off mid-way is cut_off and leaves nothing behind', async () => {
    server.push(cutMidBody())
    await expect(downloadToFile(`${server.url}/files/a`, join(dir, 'x.wav'))).rejects.toMatchObject({ kind: 'cut_off' })
    expect(readdirSync(dir)).toEqual([])
  })

  it('a body that stalls hits the idle timeout', async () => {
    server.push(stallMidBody())
    const started = Date.now()
    await expect(
      downloadToFile(`${server.url}/files/a`, join(dir, 'x.wav'), { idleTimeoutMs: 150 }),
    ).rejects.toMatchObject({ kind: 'timeout' })
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(readdirSync(dir)).toEqual([])
  })

  it('a file over the cap is too_large, declared or not, and leaves nothing behind', async () => {
    server.push(file(200, bytes))
    await expect(
      downloadToFile(`${server.url}/files/a`, join(dir, 'x.wav'), { maxBytes: 100_000 }),
    ).rejects.toMatchObject({ kind: 'too_large' })
    server.push((_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/wav' })
      res.end(bytes)
    })
    await expect(
      downloadToFile(`${server.url}/files/a`, join(dir, 'x.wav'), { maxBytes: 100_000 }),
    ).rejects.toMatchObject({ kind: 'too_large' })
    expect(readdirSync(dir)).toEqual([])
  })

  it('a refused connection is refused', async () => {
    await expect(downloadToFile(`${await refusedUrl()}/files/a`, join(dir, 'x.wav'))).rejects.toMatchObject({
      kind: 'refused',
    })
    expect(readdirSync(dir)).toEqual([])
  })

  it('a disk failure is reported as a save failure, not a network one', async () => {
    server.push(file(200, bytes))
    await expect(downloadToFile(`${server.url}/files/a`, join(dir, 'missing-dir', 'x.wav'))).rejects.toMatchObject({
      kind: 'download_failed',
    })
  })
})

describe('streamDownload and downloadPdf', () => {
  it('a sink error is passed on as it is', async () => {
    server.push(file(200, bytes))
    const boom = new Error('disk full')
    await expect(streamDownload(`${server.url}/f`, async () => Promise.reject(boom), { maxBytes: 1e6 })).rejects.toBe(
      boom,
    )
  })

  it('a non-2xx answer is returned unread', async () => {
    server.push(file(404, Buffer.from('nope'), 'text/plain'))
    expect(await streamDownload(`${server.url}/f`, async () => {}, { maxBytes: 10 })).toEqual({
      status: 404,
      bytes: 0,
      contentType: 'text/plain',
    })
  })

  it('downloadPdf returns a PDF and refuses anything else', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), bytes])
    server.push(
      file(200, pdf, 'application/pdf'),
      file(200, bytes, 'application/pdf'),
      file(410, Buffer.from('x'), 'text/plain'),
    )
    expect(Buffer.from(await downloadPdf(`${server.url}/p`)).equals(pdf)).toBe(true)
    await expect(downloadPdf(`${server.url}/p`)).rejects.toThrow(/did not give a PDF/)
    await expect(downloadPdf(`${server.url}/p`)).rejects.toThrow(/expired/)
  })
})
