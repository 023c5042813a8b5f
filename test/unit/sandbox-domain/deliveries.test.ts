import { suggestedStem } from '../../../sandbox/domain/job-rules'
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { SandboxError } from '../../../sandbox/seam'
import type { JobRecord } from '../../../sandbox/domain/state'
import { harness, type Harness } from './harness'

let dir: string
let wavPath: string // 31.2 s stereo 44.1 kHz, made by ffmpeg
let mp3Path: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'booth-takes-'))
  wavPath = join(dir, 'take.wav')
  mp3Path = join(dir, 'take.mp3')
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=300:duration=31.2:sample_rate=44100',
    '-ac',
    '2',
    '-c:a',
    'pcm_s16le',
    wavPath,
  ])
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=300:duration=2',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '64k',
    mp3Path,
  ])
})

async function upload(
  h: Harness,
  path: string,
  handle: string,
  fileName: string | null,
  complete = true,
): Promise<void> {
  const size = (await stat(path)).size
  h.uploads.set(handle, { handle, size, offset: complete ? size : Math.floor(size / 2), fileName, path })
}

const accepted = (h: Harness): JobRecord =>
  h.world.state().jobs.find((j) => j.stage === 'accepted' && !j.spot_cancelled && j.length_s === 30)!

async function error(p: Promise<unknown>): Promise<SandboxError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  )
  expect(e).toBeInstanceOf(SandboxError)
  return e as SandboxError
}

describe('createDelivery and the time-driven take', () => {
  it('keeps the name of an upload that is already a take name of this job and label, so the producer sees it', async () => {
    const h = await harness()
    const job = accepted(h)
    const stem = suggestedStem(job)
    await upload(h, wavPath, '2'.repeat(32), `${stem}_alt_07.wav`)
    const kept = await h.call('createDelivery', {
      params: { job_id: job.job_id },
      body: { handle: '2'.repeat(32), take_label: 'alt', note: null, preflight: null },
    })
    expect((kept.delivery as { file_name: string }).file_name).toBe(`${stem}_alt_07.wav`)
    // Another label, another job's stem or a free name: the service names it.
    await upload(h, wavPath, '3'.repeat(32), `${stem}_alt_08.wav`)
    const relabelled = await h.call('createDelivery', {
      params: { job_id: job.job_id },
      body: { handle: '3'.repeat(32), take_label: 'main', note: null, preflight: null },
    })
    expect((relabelled.delivery as { file_name: string }).file_name).toBe(`${stem}_main1.wav`)
  })
  it('stores, processes and checks a real WAV; facts come from its header', async () => {
    const h = await harness()
    const job = accepted(h)
    const handle = '1'.repeat(32)
    await upload(h, wavPath, handle, 'Jordan main.wav')
    const out = await h.call('createDelivery', {
      params: { job_id: job.job_id },
      body: { handle, take_label: 'main', note: null, preflight: null },
    })
    const d = out.delivery as Record<string, unknown>
    expect(d).toMatchObject({
      status: 'storing',
      take_number: 1,
      facts: null,
      listen_url: null,
      listen_url_expires_at: null,
      original_name: 'Jordan main.wav',
    })
    expect(d.file_name).toMatch(/^[A-Z0-9_]+_main1\.wav$/)
    expect(d.size_bytes).toBe((await stat(wavPath)).size)
    expect((out.job as { stage: string }).stage).toBe('delivered')
    expect(job.timeline.at(-1)).toMatchObject({ kind: 'delivered', actor: 'talent' })

    const take = () =>
      h.world
        .state()
        .jobs.find((j) => j.job_id === job.job_id)!
        .deliveries.at(-1)!
    h.clock.advance(1000)
    h.world.tick(h.clock.now())
    expect(take().status).toBe('processing')
    expect(take().check.state).toBe('pending')
    h.clock.advance(2000)
    h.world.tick(h.clock.now())
    expect(take().status).toBe('delivered')
    expect(take().facts).toEqual({
      length_s: 31.2,
      voiced_s: null,
      channels: 2,
      sample_rate: 44100,
      spot_length_s: 30,
      length_verdict: 'long',
    })
    expect(take().check.state).toBe('running')
    h.clock.advance(3000)
    const listed = await h.call('listDeliveries', { params: { job_id: job.job_id }, query: { with_urls: true } })
    const last = (listed.deliveries as Record<string, unknown>[]).at(-1)!
    expect(last.check).toMatchObject({ state: 'done', checked_at: take().created_at + 6000 })
    expect(['matches', 'check', 'mismatch']).toContain((last.check as { verdict: string }).verdict)
    for (const issue of (last.check as { issues: { expected: string; context: string }[] }).issues) {
      expect(job.script.text).toContain(issue.expected)
    }
    const token = String(last.listen_url).split('/files/')[1]!
    const file = h.world.openLink(token, h.clock.now())
    expect(file).toMatchObject({ contentType: 'audio/wav', body: { path: wavPath } })
  })

  it('uses the preflight duration for a non-WAV take, counts take numbers per label and supersedes earlier ones', async () => {
    const h = await harness()
    const job = accepted(h)
    const pre = {
      measured: true,
      duration_s: 28.0,
      voiced_s: 26.5,
      sample_rate: 44100,
      channels: 1,
      bit_depth: null,
      peak_dbfs: -1.2,
      lufs: -16,
      lead_silence_s: 0.2,
      tail_silence_s: 0.3,
      codec: 'mp3',
      warnings: ['runs_short'],
    }
    const handles = ['a'.repeat(32), 'b'.repeat(32), 'c'.repeat(32)]
    await upload(h, mp3Path, handles[0]!, null)
    await upload(h, mp3Path, handles[1]!, 'alt.mp3')
    await upload(h, mp3Path, handles[2]!, 'main again.mp3')
    await h.call('createDelivery', {
      params: { job_id: job.job_id },
      body: { handle: handles[0], take_label: 'main', note: null, preflight: pre },
    })
    await h.call('createDelivery', {
      params: { job_id: job.job_id },
      body: { handle: handles[1], take_label: 'alt', note: 'slower', preflight: pre },
    })
    const third = (
      await h.call('createDelivery', {
        params: { job_id: job.job_id },
        body: { handle: handles[2], take_label: 'main', note: null, preflight: pre },
      })
    ).delivery as { take_number: number; file_name: string }
    expect(third.take_number).toBe(2)
    const takes = h.world.state().jobs.find((j) => j.job_id === job.job_id)!.deliveries
    expect(takes.map((t) => `${t.take_label}${t.take_number}:${t.status}`)).toEqual([
      'main1:superseded',
      'alt1:storing',
      'main2:storing',
    ])
    expect(takes[0]!.file_name).toMatch(/_main1\.mp3$/) // sniffed from the bytes when the upload had no name
    h.clock.advance(3000)
    h.world.tick(h.clock.now())
    expect(takes[2]!.facts).toEqual({
      length_s: 28,
      voiced_s: 26.5,
      channels: 1,
      sample_rate: 44100,
      spot_length_s: 30,
      length_verdict: 'short',
    })
  })

  it('refuses unknown, unfinished and reused uploads, and jobs that cannot take a delivery', async () => {
    const h = await harness()
    const job = accepted(h)
    const body = (handle: string) => ({
      params: { job_id: job.job_id },
      body: { handle, take_label: 'main', note: null, preflight: null },
    })
    const e404 = await error(h.call('createDelivery', body('d'.repeat(32))))
    expect([e404.status, e404.code]).toEqual([404, 'not_found'])
    await upload(h, wavPath, 'e'.repeat(32), 'x.wav', false)
    const e409 = await error(h.call('createDelivery', body('e'.repeat(32))))
    expect([e409.status, e409.code]).toEqual([409, 'not_ready'])
    await upload(h, wavPath, 'f'.repeat(32), 'x.wav')
    await h.call('createDelivery', body('f'.repeat(32)))
    const reused = await error(h.call('createDelivery', body('f'.repeat(32))))
    expect([reused.status, reused.code]).toEqual([400, 'bad_request'])
    expect(reused.message).toMatch(/already delivered/)
    const cancelled = h.world.state().jobs.find((j) => j.spot_cancelled)!
    await upload(h, wavPath, '9'.repeat(32), 'x.wav')
    const refused = await error(
      h.call('createDelivery', {
        params: { job_id: cancelled.job_id },
        body: { handle: '9'.repeat(32), take_label: 'main', note: null, preflight: null },
      }),
    )
    expect([refused.status, refused.code]).toEqual([400, 'bad_request'])
    expect(refused.message).toMatch(/cancelled the spot/)
    const unaccepted = h.world.state().jobs.find((j) => j.stage === 'viewed')!
    expect(
      (
        await error(
          h.call('createDelivery', {
            params: { job_id: unaccepted.job_id },
            body: { handle: '9'.repeat(32), take_label: 'main', note: null, preflight: null },
          }),
        )
      ).message,
    ).toMatch(/accept it first/)
  })

  it('serves attachments and seeded takes through links with their real bytes', async () => {
    const h = await harness()
    const job = h.world.state().jobs.find((j) => j.attachments.length >= 3)!
    for (const a of job.attachments) {
      const link = await h.call('getAttachmentDownload', { params: { attachment_id: a.attachment_id } })
      const file = h.world.openLink(String(link.url).split('/files/')[1]!, h.clock.now())
      if (!file || file === 'expired' || !(file.body instanceof Uint8Array))
        throw new Error('attachment link did not resolve to bytes')
      expect(file.body.byteLength).toBe(a.size_bytes)
      expect(file.fileName).toBe(a.original_name)
    }
    const wavAttachment = job.attachments.find((a) => a.ext === 'wav')!
    const link = await h.call('getAttachmentDownload', { params: { attachment_id: wavAttachment.attachment_id } })
    const file = h.world.openLink(String(link.url).split('/files/')[1]!, h.clock.now())
    const out = join(dir, 'ref.wav')
    if (file && file !== 'expired' && file.body instanceof Uint8Array)
      await import('node:fs/promises').then((fs) => fs.writeFile(out, file.body as Uint8Array))
    const probed = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', out])
      .toString()
      .trim()
    expect(Number(probed)).toBeCloseTo(2, 2)
    expect((await readFile(out)).subarray(0, 4).toString()).toBe('RIFF')
    const e = await error(h.call('getAttachmentDownload', { params: { attachment_id: '123' } }))
    expect([e.status, e.code]).toEqual([404, 'not_found'])
  })
})
