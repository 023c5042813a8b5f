import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { measureTake } from '../../../main/audio/measure-take'
import { TakeStore } from '../../../main/takes/take-store'
import type { MeasureTake } from '../../../main/takes/take-types'
import { ffprobe, probeMeasure, toneChunk } from './helpers/media'

let dataDir: string
let clock: number
let idCount: number
const newStore = (measure: MeasureTake = probeMeasure, extra = {}) =>
  new TakeStore({
    dataDir,
    measure,
    now: () => new Date(clock),
    newId: () => `take${++idCount}`,
    writerOptions: { syncIntervalS: 0.1 },
    ...extra,
  })

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'booth-takes-'))
  clock = Date.UTC(2026, 2, 14, 9, 30)
  idCount = 0
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

/** Records `seconds` of tone into a new take and finishes it. */
async function recordTake(store: TakeStore, jobId: string, seconds: number, extra = {}) {
  const rec = await store.record(jobId, { stem: 'ACME_SPRING30', sampleRate: 48000, channels: 1, ...extra })
  for (let f = 0; f < seconds * 48000; f += 960) rec.write(toneChunk(f, 960, 1))
  return store.finishRecording(rec.take.id)
}

/** Files in a job folder, except the take-number counter (temp files would show up here). */
const jobFiles = (jobId: string, shelf = 'takes') =>
  readdir(join(dataDir, shelf, jobId)).then(
    (n) => n.filter((f) => f !== '.take-numbers.json').sort(),
    () => [],
  )

describe('TakeStore recording, naming and metadata', () => {
  it('records takes named from the stem, label and a per-job number, with complete metadata', async () => {
    const store = newStore()
    const first = await recordTake(store, '1042', 0.5, { spotLengthS: 30, kind: 'dry_voice', note: 'warm read' })
    clock += 60_000
    const second = await recordTake(store, '1042', 0.3, { label: 'alt' })
    const otherJob = await recordTake(store, '77', 0.2)

    expect(first.file_name).toBe('ACME_SPRING30_main_01.wav')
    expect(second.file_name).toBe('ACME_SPRING30_alt_02.wav')
    expect(otherJob.take_number).toBe(1)
    expect(first).toMatchObject({
      schema: 1,
      id: 'take1',
      job_id: '1042',
      label: 'main',
      take_number: 1,
      note: 'warm read',
      source: 'recorded',
      original_name: null,
      state: 'ready',
      spot_length_s: 30,
      job_kind: 'dry_voice',
      created_at: '2026-03-14T09:30:00.000Z',
      trim: { head_s: 0, tail_s: 0 },
      upload: { handle: null, offset: 0, status: 'none' },
      delivery: { idempotency_key: null, delivery_id: null, status: 'none', queued: false },
    })
    expect(first.preflight).toMatchObject({
      measured: true,
      sample_rate: 48000,
      channels: 1,
      bit_depth: 24,
      codec: 'pcm_s24le',
    })
    expect(first.preflight?.duration_s).toBeCloseTo(0.5, 3)
    expect(second.created_at).toBe('2026-03-14T09:31:00.000Z')

    // On disk: audio + metadata, no temp files; the metadata file is exactly what get() returns.
    expect(await jobFiles('1042')).toEqual([
      'ACME_SPRING30_alt_02.wav',
      'ACME_SPRING30_main_01.wav',
      'take1.take.json',
      'take2.take.json',
    ])
    expect(JSON.parse(await readFile(join(dataDir, 'takes', '1042', 'take1.take.json'), 'utf8'))).toEqual(
      await store.get('take1'),
    )
    const listing = await store.list('1042')
    expect(listing.takes.map((t) => t.take_number)).toEqual([1, 2])
    expect(listing.damaged).toEqual([])
  })

  it('makes an unsafe stem file-safe and falls back to the job id', async () => {
    const store = newStore()
    expect((await recordTake(store, '5', 0.1, { stem: "../Acme / Spring '30 — Café" })).file_name).toBe(
      'Acme_Spring_30_Cafe_main_01.wav',
    )
    expect((await recordTake(store, '5', 0.1, { stem: '///' })).file_name).toBe('job_5_main_02.wav')
    expect((await recordTake(store, '5', 0.1, { stem: null })).file_name).toBe('job_5_main_03.wav')
  })

  it('gives concurrent recordings of one job distinct numbers', async () => {
    const store = newStore()
    const recs = await Promise.all(
      [1, 2, 3].map(() => store.record('9', { stem: 'X', sampleRate: 48000, channels: 1 })),
    )
    expect(recs.map((r) => r.take.take_number).sort()).toEqual([1, 2, 3])
    await Promise.all(recs.map((r) => store.cancelRecording(r.take.id)))
    expect(await jobFiles('9')).toEqual([])
  })

  it("stores the preflight of main/audio's real measureTake, measured against the job's length and kind", async () => {
    const store = newStore(measureTake)
    const take = await recordTake(store, '2', 1.2, { spotLengthS: 0.5, kind: 'finished_spot' })
    expect(take.preflight).toMatchObject({
      measured: true,
      sample_rate: 48000,
      channels: 1,
      bit_depth: 24,
      codec: 'pcm_s24le',
    })
    expect(take.preflight?.duration_s).toBeCloseTo(1.2, 3)
    expect(take.preflight?.peak_dbfs).toBeCloseTo(-6.02, 1) // the tone's amplitude is 0.5
    expect(take.preflight?.warnings).toContain('runs_long')
  })

  it('keeps a take whose measurement failed, marked not measured', async () => {
    const store = newStore(async () => {
      throw new Error('analysis crashed')
    })
    const take = await recordTake(store, '3', 0.1)
    expect(take.state).toBe('ready')
    expect(take.preflight).toMatchObject({ measured: false, warnings: ['not_measured'] })
  })

  it('refuses bad input with clear messages', async () => {
    const store = newStore()
    await expect(store.record('../etc', { stem: 'x', sampleRate: 48000, channels: 1 })).rejects.toThrow(
      /is not a job id/,
    )
    await expect(
      store.record('1', { stem: 'x', label: 'best' as never, sampleRate: 48000, channels: 1 }),
    ).rejects.toThrow(/not a take label; use one of main, alt/)
    await expect(store.record('1', { stem: 'x', sampleRate: 100, channels: 1 })).rejects.toThrow(/Sample rate/)
    await expect(
      store.record('1', { stem: 'x', sampleRate: 48000, channels: 1, kind: 'radio' as never }),
    ).rejects.toThrow(/not a job kind; use one of dry_voice/)
    await expect(store.record('1', { stem: 'x', sampleRate: 48000, channels: 1, spotLengthS: -5 })).rejects.toThrow(
      /spot length must be zero or more/,
    )
    expect(() => store.writeRecording('nope', new Float32Array(2))).toThrow(/not recording/)
    await expect(store.get('missing')).rejects.toThrow(/There is no take missing/)
    const take = await recordTake(store, '1', 0.1)
    await expect(store.setNote(take.id, 'x'.repeat(1001))).rejects.toThrow(/at most 1000 characters/)
    await expect(store.setTrim(take.id, { head_s: -1, tail_s: 0 })).rejects.toThrow(/head trim must be zero or more/)
    await expect(store.setTrim(take.id, { head_s: 0.06, tail_s: 0.05 })).rejects.toThrow(/leaves nothing/)
    await expect(store.setUpload(take.id, { status: 'lost' as never })).rejects.toThrow(/not an upload status/)
    await expect(store.setUpload(take.id, { handle: 'XYZ' })).rejects.toThrow(/not an upload handle/)
    await expect(store.setDelivery(take.id, { idempotency_key: 'short' })).rejects.toThrow(/not an Idempotency-Key/)
    expect((await store.get(take.id)).upload.status).toBe('none') // nothing was written
  })
})

describe('TakeStore edits, trash and damage', () => {
  it('relabels (renaming the file), notes, trims without touching audio, and keeps upload/delivery state', async () => {
    const store = newStore()
    const take = await recordTake(store, '1042', 1)
    const audioBefore = await readFile(store.audioPath(take))
    const relabeled = await store.setLabel(take.id, 'safety')
    expect(relabeled.file_name).toBe('ACME_SPRING30_safety_01.wav')
    expect(await jobFiles('1042')).toEqual(['ACME_SPRING30_safety_01.wav', 'take1.take.json'])
    expect((await store.setNote(take.id, 'slower')).note).toBe('slower')
    expect((await store.setTrim(take.id, { head_s: 0.2, tail_s: 0.1 })).trim).toEqual({ head_s: 0.2, tail_s: 0.1 })
    expect((await readFile(store.audioPath(relabeled))).equals(audioBefore)).toBe(true)

    await store.setUpload(take.id, { handle: 'a'.repeat(32), offset: 4096, status: 'uploading' })
    await expect(store.setLabel(take.id, 'alt')).rejects.toThrow(/already being sent/)
    const delivered = await store.setDelivery(take.id, {
      idempotency_key: 'key_12345678',
      status: 'queued',
      queued: true,
    })
    expect(delivered.upload).toEqual({ handle: 'a'.repeat(32), offset: 4096, status: 'uploading' })
    expect(delivered.delivery).toEqual({
      idempotency_key: 'key_12345678',
      delivery_id: null,
      status: 'queued',
      queued: true,
    })
    expect(await store.get(take.id)).toEqual(delivered)
  })

  it('moves deleted takes to the trash, restores them, never reuses their numbers, and empties the trash', async () => {
    const store = newStore()
    const one = await recordTake(store, '8', 0.1)
    await store.delete(one.id)
    expect((await store.list('8')).takes).toEqual([])
    expect(await jobFiles('8')).toEqual([])
    expect(await jobFiles('8', 'trash')).toEqual(['ACME_SPRING30_main_01.wav', 'take1.take.json'])
    expect((await store.listTrash()).takes.map((t) => t.id)).toEqual(['take1'])
    await expect(store.get(one.id)).rejects.toThrow(/There is no take take1/)

    const two = await recordTake(store, '8', 0.1)
    expect(two.take_number).toBe(2)
    expect((await store.restore(one.id)).take_number).toBe(1)
    expect((await store.list('8')).takes.map((t) => t.take_number)).toEqual([1, 2])
    expect((await ffprobe(store.audioPath(one))).durationS).toBeCloseTo(0.1, 3)
    await expect(store.restore(one.id)).rejects.toThrow(/in the trash/)

    // The read-back keeps its result beside a take, named by the take's id; it goes when the take is gone for good.
    const sidecar = join(dataDir, 'takes', '8', `${one.id}.readback.json`)
    await writeFile(sidecar, '{}')
    await store.delete(one.id)
    await store.delete(two.id)
    expect(await store.emptyTrash()).toBe(2)
    expect(await jobFiles('8')).not.toContain(`${one.id}.readback.json`)
    expect((await store.listTrash()).takes).toEqual([])
    expect((await store.record('8', { stem: 'ACME_SPRING30', sampleRate: 48000, channels: 1 })).take.take_number).toBe(
      3,
    )
  })

  it('reports malformed or wrong-shaped metadata as damaged, never crashing and never deleting it', async () => {
    const store = newStore()
    const good = await recordTake(store, '12', 0.1)
    const bad = await recordTake(store, '12', 0.1)
    const badPath = join(dataDir, 'takes', '12', `${bad.id}.take.json`)
    await writeFile(badPath, '{"schema": 1, "id": "take2", ') // cut off mid-write by some other tool
    const shapePath = join(dataDir, 'takes', '12', 'take9.take.json')
    await writeFile(shapePath, JSON.stringify({ ...good, id: 'take9', label: 'best' }))

    const listing = await store.list('12')
    expect(listing.takes.map((t) => t.id)).toEqual([good.id])
    // The two records, and the audio no readable record names any more (take2's), each listed.
    expect(listing.damaged).toHaveLength(3)
    const byId = Object.fromEntries(listing.damaged.map((d) => [d.id, d.message]))
    expect(byId['take2']).toMatch(/take2\.take\.json" is not valid JSON .*its audio is left where it is/)
    expect(byId['take9']).toMatch(/is damaged: field "label" must be one of main, alt/)
    expect(byId[`audio:${bad.file_name}`]).toBe(
      `"${bad.file_name}" has no take record Booth can read; the file is kept at ${join(dataDir, 'takes', '12', bad.file_name)}.`,
    )
    await expect(store.get('take2')).rejects.toThrow(/not valid JSON/)
    await expect(store.setNote('take2', 'x')).rejects.toThrow(/not valid JSON/)

    // Still there, and its number is not handed out again.
    expect(await readFile(badPath, 'utf8')).toBe('{"schema": 1, "id": "take2", ')
    await stat(join(dataDir, 'takes', '12', bad.file_name))
    expect((await recordTake(store, '12', 0.1)).take_number).toBe(3)
  })

  it('reports a take whose audio file is missing as damaged', async () => {
    const store = newStore()
    const take = await recordTake(store, '4', 0.1)
    await rm(store.audioPath(take))
    const listing = await store.list('4')
    expect(listing.takes).toEqual([])
    expect(listing.damaged[0]?.message).toMatch(/ACME_SPRING30_main_01\.wav of take 1 is missing/)
  })
})

describe('TakeStore crash recovery', () => {
  it('repairs a take cut off while recording and offers it back on the next start', async () => {
    const crashed = newStore()
    const rec = await crashed.record('31', { stem: 'ACME', sampleRate: 48000, channels: 1, spotLengthS: 15 })
    for (let f = 0; f < 48000; f += 960) rec.write(toneChunk(f, 960, 1))
    await rec.drain() // the app dies here: the writer is never closed, the metadata still says "recording"
    // Mimic a crash before the last header patch: the header claims nothing.
    const { open } = await import('node:fs/promises')
    const fh = await open(rec.path, 'r+')
    await fh.write(Buffer.alloc(4), 0, 4, 76)
    await fh.close()

    const restarted = newStore()
    const report = await restarted.recoverUnfinished()
    expect(report.failed).toEqual([])
    expect(report.recovered).toHaveLength(1)
    const [{ take, repair }] = report.recovered as [(typeof report.recovered)[0]]
    expect(repair.frames).toBe(48000)
    expect(take).toMatchObject({ id: rec.take.id, state: 'recovered', spot_length_s: 15 })
    expect(take.preflight?.duration_s).toBeCloseTo(1, 3)
    expect((await restarted.keepRecovered(take.id)).state).toBe('ready')
    expect((await restarted.recoverUnfinished()).recovered).toEqual([])
    await expect(restarted.keepRecovered(take.id)).rejects.toThrow(/not a recovered take/)
  })

  it('clears partial import copies and temp files left by an interrupted write, and nothing else', async () => {
    const store = newStore()
    const take = await recordTake(store, '33', 0.1)
    const dir = join(dataDir, 'takes', '33')
    await writeFile(join(dir, '.ACME_SPRING30_main_02.mp3.partial'), 'half a copy')
    await writeFile(join(dir, `.${take.id}.take.json.4242.0badc0de.tmp`), '{"half":')
    await writeFile(join(dir, 'notes-by-the-person.txt'), 'mine')
    const report = await newStore().recoverUnfinished()
    expect(report.removedLeftovers.sort()).toEqual([
      join('33', '.ACME_SPRING30_main_02.mp3.partial'),
      join('33', `.${take.id}.take.json.4242.0badc0de.tmp`),
    ])
    expect(await jobFiles('33')).toEqual([
      'ACME_SPRING30_main_01.wav',
      'notes-by-the-person.txt',
      `${take.id}.take.json`,
    ])
    expect(report.recovered).toEqual([])
  })

  it('reports, and leaves in place, an unfinished take whose audio cannot be repaired', async () => {
    const crashed = newStore()
    const rec = await crashed.record('32', { stem: 'ACME', sampleRate: 48000, channels: 1 })
    await writeFile(rec.path, 'garbage that replaced the audio')
    const report = await newStore().recoverUnfinished()
    expect(report.recovered).toEqual([])
    expect(report.failed[0]?.message).toMatch(
      /^ACME_main_01 was cut off while recording and could not be repaired: .*not a WAV file/,
    )
    expect(await readFile(rec.path, 'utf8')).toBe('garbage that replaced the audio')
  })
})
