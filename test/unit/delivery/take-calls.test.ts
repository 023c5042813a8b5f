import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bridgeCalls } from '../../../shared/bridge'
import { BridgeArgumentError } from '../../../shared/check'
import { MAX_PCM_BASE64_CHARS } from '../../../shared/bridge-takes'
import { SwitchableOnline, takeArea, tempDir } from './delivery-fixture'

let work: Awaited<ReturnType<typeof tempDir>>
beforeAll(async () => {
  work = await tempDir('booth-take-calls-')
})
afterAll(async () => {
  await work.remove()
})

const refuses = (name: keyof typeof bridgeCalls, args: unknown, why: RegExp) => {
  const check = bridgeCalls[name] as (v: unknown, p: string) => unknown
  expect(() => check(args, name)).toThrow(BridgeArgumentError)
  expect(() => check(args, name)).toThrow(why)
}

describe('take bridge calls refuse bad arguments', () => {
  it('ids, labels, notes, trims, recording formats and PCM chunks', () => {
    refuses('listTakes', { jobId: '0123' }, /listTakes.jobId is not in the expected format/)
    refuses('deliverTake', { takeId: '../etc', label: 'main', note: null }, /takeId is not in the expected format/)
    refuses(
      'deliverTake',
      { takeId: 't1', label: 'best', note: null },
      /label must be one of main, alt, safety, pickup, tag/,
    )
    refuses(
      'deliverTake',
      { takeId: 't1', label: 'main', note: 'x'.repeat(1001) },
      /note must be at most 1000 characters/,
    )
    refuses('deliverTake', { takeId: 't1', label: 'main' }, /note must be text/)
    refuses('deliverTake', { takeId: 't1', label: 'main', note: null, jobId: '1' }, /jobId is not an accepted field/)
    refuses('setTakeTrim', { takeId: 't1', head_s: -0.1, tail_s: 0 }, /head_s must be at least 0/)
    refuses('setTakeTrim', { takeId: 't1', head_s: 0, tail_s: Number.NaN }, /tail_s must be a number/)
    refuses('importTake', { jobId: '12', path: '' }, /path must be at least 1 characters/)
    refuses('startRecording', { jobId: '12', sampleRate: 44100, channels: 3 }, /channels must be at most 2/)
    refuses('startRecording', { jobId: '12', sampleRate: 4000, channels: 1 }, /sampleRate must be at least 8000/)
    refuses('appendRecording', { takeId: 't1', pcmBase64: 'not base64!' }, /pcmBase64 is not in the expected format/)
    refuses(
      'appendRecording',
      { takeId: 't1', pcmBase64: 'A'.repeat(MAX_PCM_BASE64_CHARS + 4) },
      /pcmBase64 must be at most/,
    )
    refuses('cancelDelivery', {}, /takeId must be text/)
    expect(bridgeCalls.setTakeNote({ takeId: 't1', note: null }, 'setTakeNote')).toEqual({ takeId: 't1', note: null })
  })
})

describe('recording through the bridge handlers', () => {
  it('records float32 PCM chunks into a take, answering each with its level', async () => {
    const { area, events } = takeArea({
      dataDir: join(work.path, 'rec'),
      url: () => null,
      online: new SwitchableOnline(false),
    })
    await area.start()
    const { takeId } = await area.handlers.startRecording({ jobId: '42', sampleRate: 48000, channels: 2 })
    const frames = 4800
    const pcm = new Float32Array(frames * 2)
    for (let i = 0; i < frames; i++) {
      pcm[2 * i] = 0.5 * Math.sin((2 * Math.PI * 1000 * i) / 48000)
      pcm[2 * i + 1] = i === 100 ? 1.5 : 0 // one clipped sample on the right
    }
    const level = await area.handlers.appendRecording({ takeId, pcmBase64: Buffer.from(pcm.buffer).toString('base64') })
    expect(level.peakDbfs).toBeCloseTo(0, 1) // the clipped sample is clamped to full scale
    expect(level.clipped).toBe(true)
    const quiet = new Float32Array(frames * 2).map((_, i) => (i % 2 === 0 ? 0.1 : 0))
    const second = await area.handlers.appendRecording({
      takeId,
      pcmBase64: Buffer.from(quiet.buffer).toString('base64'),
    })
    expect(second).toMatchObject({ peakDbfs: expect.closeTo(-20, 1), clipped: false })
    await expect(
      area.handlers.appendRecording({ takeId, pcmBase64: Buffer.alloc(6).toString('base64') }),
    ).rejects.toThrow(/not a whole number of 2-channel float32 frames/)

    const take = await area.handlers.stopRecording({ takeId })
    expect(take).toMatchObject({ id: takeId, job_id: '42', state: 'ready', source: 'recorded' })
    expect(take.preflight?.duration_s).toBeCloseTo(0.2, 2)
    expect(take.preflight?.channels).toBe(2)
    await expect(
      area.handlers.appendRecording({ takeId, pcmBase64: Buffer.from(quiet.buffer).toString('base64') }),
    ).rejects.toThrow(/is not recording/)
    const listed = await area.handlers.listTakes({ jobId: '42' })
    expect(listed.takes.map((t) => t.id)).toEqual([takeId])

    const other = await area.handlers.startRecording({ jobId: '42', sampleRate: 44100, channels: 1 })
    expect(await area.handlers.cancelRecording({ takeId: other.takeId })).toBeNull()
    expect((await area.handlers.listTakes({ jobId: '42' })).takes).toHaveLength(1)
    await new Promise((r) => setTimeout(r, 50))
    expect(events.some((e) => e.event === 'takes' && (e.data as { jobId: string }).jobId === '42')).toBe(true)

    const labelled = await area.handlers.setTakeLabel({ takeId, label: 'pickup' })
    expect(labelled.file_name).toMatch(/_pickup_/)
    expect((await area.handlers.setTakeNote({ takeId, note: 'breathy' })).note).toBe('breathy')
    expect((await area.handlers.setTakeTrim({ takeId, head_s: 0.05, tail_s: 0 })).trim).toEqual({
      head_s: 0.05,
      tail_s: 0,
    })
    await expect(area.handlers.setTakeTrim({ takeId, head_s: 0.1, tail_s: 0.1 })).rejects.toMatchObject({
      kind: 'take',
      message: expect.stringMatching(/leaves nothing/),
    })
    await area.stop()
  })
})

describe('Stop carries the last samples', () => {
  it('writes them before finishing (one call, not an append and a stop); a chunk it cannot read leaves the take recording', async () => {
    refuses('stopRecording', { takeId: 't1', pcmBase64: 'not base64!' }, /pcmBase64 is not in the expected format/)
    expect(bridgeCalls.stopRecording({ takeId: 't1' }, 'stopRecording')).toEqual({ takeId: 't1' })
    const { area } = takeArea({
      dataDir: join(work.path, 'last'),
      url: () => null,
      online: new SwitchableOnline(false),
    })
    await area.start()
    const { takeId } = await area.handlers.startRecording({ jobId: '42', sampleRate: 48000, channels: 1 })
    const tone = (frames: number) =>
      Buffer.from(
        new Float32Array(frames).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / 48000)).buffer,
      ).toString('base64')
    await area.handlers.appendRecording({ takeId, pcmBase64: tone(4800) })
    // Three bytes are no whole float32 frame: refused, and the take is still recording with what it had.
    await expect(
      area.handlers.stopRecording({ takeId, pcmBase64: Buffer.alloc(3).toString('base64') }),
    ).rejects.toThrow(/not a whole number/)
    expect((await area.handlers.listTakes({ jobId: '42' })).takes.find((t) => t.id === takeId)?.state).toBe('recording')
    const take = await area.handlers.stopRecording({ takeId, pcmBase64: tone(2400) })
    expect(take.state).toBe('ready')
    expect(take.preflight?.duration_s).toBeCloseTo(0.15, 3)
    await area.stop()
  })
})

describe('importing through the bridge handlers', () => {
  it('refuses a file that is not audio with its own sentence (not an internal error), copying nothing', async () => {
    const { writeFile } = await import('node:fs/promises')
    const { describeError } = await import('../../../main/bridge/describe-error')
    const { area } = takeArea({ dataDir: join(work.path, 'imp'), url: () => null, online: new SwitchableOnline(false) })
    await area.start()
    const fake = join(work.path, 'notes-renamed.wav')
    await writeFile(fake, 'These are my notes, not audio.\n'.repeat(50))
    const err = await area.handlers.importTake({ jobId: '42', path: fake }).then(
      () => null,
      (e: unknown) => e,
    )
    const failure = describeError(err)
    expect(failure).toMatchObject({ status: 400, kind: 'not_audio' })
    expect(failure.message).toBe('"notes-renamed.wav" is a text file, not audio.')
    expect((await area.handlers.listTakes({ jobId: '42' })).takes).toEqual([])
  })
})
