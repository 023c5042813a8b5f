// The take measurer: the store's measuring and the report a take row asks for share one ffmpeg pass over
// the file; a run is counted through the measurer's injected one-pass measurement.
import { utimes } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAudioHandlers } from '../../../main/audio/audio-handlers'
import { measureTakeDetailed } from '../../../main/audio/measure-take'
import { ProfileSettings } from '../../../main/audio/profile-settings'
import { createTakeMeasurer } from '../../../main/audio/take-measurer'
import { TakeStore } from '../../../main/takes/take-store'
import { makeTempDir } from '../../support/audio-fixtures'
import { writeSignal } from './helpers/signals'

let dir = ''
let cleanup: () => Promise<void> = async () => {}
beforeAll(async () => {
  ;({ dir, cleanup } = await makeTempDir())
})
afterAll(() => cleanup())

/** A measurer over a fresh data folder whose ffmpeg passes are counted. */
function counted(name: string) {
  const data = path.join(dir, name)
  const settings = new ProfileSettings(data)
  const runs: string[] = []
  const measurer = createTakeMeasurer(settings, (file, options) => {
    runs.push(path.basename(file))
    return measureTakeDetailed(file, options)
  })
  const store = new TakeStore({ dataDir: data, measure: measurer.measure })
  let rejudged: () => void = () => {}
  const handlers = createAudioHandlers({ settings, store, measurer, takesChanged: () => rejudged() })
  const nextRejudge = () =>
    new Promise<void>((resolve) => {
      rejudged = resolve
    })
  return { settings, measurer, store, handlers, runs, nextRejudge }
}

describe('one ffmpeg pass per take', () => {
  it('an imported take is decoded once: its report comes from the import’s pass', async () => {
    const { store, handlers, runs } = counted('import')
    const source = await writeSignal(dir, 'import-spot', `${10 ** (-22.5 / 20)}*sin(2*PI*1000*t)`, 3)
    const take = await store.import('21', source, { stem: 'SPOT', kind: 'finished_spot' })
    expect(runs).toHaveLength(1)
    const report = await handlers.getTakeReport({ takeId: take.id, customerId: null })
    expect(report?.profile).toBe('ebu-r128')
    expect(report?.findings.map((f) => f.code)).toContain('too_quiet')
    expect(runs).toHaveLength(1)
    // Asked again, still the same pass.
    await handlers.getTakeReport({ takeId: take.id, customerId: null })
    expect(runs).toHaveLength(1)
  })

  it('after stop, a report asked while the take is measured again shares that run, in either order', async () => {
    const { store, handlers, runs } = counted('stop')
    const source = await writeSignal(dir, 'stop-spot', `${10 ** (-20 / 20)}*sin(2*PI*1000*t)`, 3)
    const take = await store.import('22', source, { stem: 'SPOT', kind: 'dry_voice' })
    expect(runs).toHaveLength(1)
    // The store measures again (as after stop) and the row asks for its report while that runs.
    const remeasured = store.remeasure(take.id)
    while (runs.length < 2) await new Promise((r) => setTimeout(r, 1))
    const [meta, report] = await Promise.all([
      remeasured,
      handlers.getTakeReport({ takeId: take.id, customerId: null }),
    ])
    expect(meta.preflight?.measured).toBe(true)
    expect(report?.lufs).toBe(meta.preflight?.lufs)
    expect(runs).toHaveLength(2)
    // The file changed; the row asks first, then the store measures again while the report's run is going: one run.
    await utimes(store.audioPath(meta), new Date(), new Date(Date.now() + 5000))
    const first = handlers.getTakeReport({ takeId: take.id, customerId: null })
    while (runs.length < 3) await new Promise((r) => setTimeout(r, 1))
    const [again, joined] = await Promise.all([store.remeasure(take.id), first])
    expect(again.preflight?.lufs).toBe(joined?.lufs)
    expect(runs).toHaveLength(3)
    // A take measured again after that is decoded again.
    await store.remeasure(take.id)
    expect(runs).toHaveLength(4)
  })

  it('a profile change measures each take once for both its preflight and its report', async () => {
    const { store, handlers, runs, nextRejudge } = counted('profile')
    const source = await writeSignal(dir, 'profile-spot', `${10 ** (-22.5 / 20)}*sin(2*PI*1000*t)`, 3)
    const take = await store.import('23', source, { stem: 'SPOT', kind: 'finished_spot' })
    expect(runs).toHaveLength(1)
    const done = nextRejudge()
    await handlers.setJobProfile({ jobId: '23', customerId: '9', kind: 'finished_spot', profile: 'atsc-a85' })
    await done
    expect(runs).toHaveLength(2)
    const report = await handlers.getTakeReport({ takeId: take.id, customerId: '9' })
    expect(report?.profile).toBe('atsc-a85')
    expect(report?.findings.map((f) => f.code)).not.toContain('too_quiet')
    expect(runs).toHaveLength(2)
  })

  it('a trimmed take’s findings are those of the trimmed audio, from the pass that measured its trim', async () => {
    const { store, handlers, runs } = counted('trimmed')
    // Half a second at full scale (clipping) before a clean tone; the trim cuts it off.
    const source = await writeSignal(
      dir,
      'trimmed-spot',
      `if(lt(t\\,0.5)\\,1\\,${10 ** (-20 / 20)}*sin(2*PI*1000*t))`,
      3,
    )
    const take = await store.import('25', source, { stem: 'SPOT', kind: 'dry_voice' })
    const untrimmed = await handlers.getTakeReport({ takeId: take.id, customerId: null })
    expect(untrimmed?.findings.map((f) => f.code)).toContain('clipping')
    const trimmed = await store.setTrimAndMeasure(take.id, { head_s: 0.6, tail_s: 0 })
    expect(trimmed.trimmed_preflight?.duration_s).toBeCloseTo(2.4, 2)
    const before = runs.length
    const report = await handlers.getTakeReport({ takeId: take.id, customerId: null })
    expect(report?.findings.map((f) => f.code)).not.toContain('clipping')
    expect(report?.lufs).toBe(trimmed.trimmed_preflight?.lufs)
    expect(runs).toHaveLength(before)
    // Without its render on disk (a new launch, a cleaned folder), the take is rendered again for its findings.
    const fresh = counted('trimmed')
    const again = await fresh.handlers.getTakeReport({ takeId: take.id, customerId: null })
    expect(again?.findings.map((f) => f.code)).not.toContain('clipping')
    expect(again?.lufs).toBe(report?.lufs)
  })

  it('a new trim drops the measurement of the old one at once, and a delivery measures what it uploads', async () => {
    const { store } = counted('retrimmed')
    const source = await writeSignal(dir, 'retrimmed-spot', `${10 ** (-20 / 20)}*sin(2*PI*1000*t)`, 3)
    const take = await store.import('25', source, { stem: 'SPOT', kind: 'dry_voice' })
    expect(
      (await store.setTrimAndMeasure(take.id, { head_s: 0.6, tail_s: 0 })).trimmed_preflight?.duration_s,
    ).toBeCloseTo(2.4, 2)
    // The new trim is set; its measurement has not come in yet (the talent delivers meanwhile).
    expect((await store.setTrim(take.id, { head_s: 1, tail_s: 0 })).trimmed_preflight).toBeNull()
    expect((await store.deliveryPreflight(take.id))?.duration_s).toBeCloseTo(2, 2)
    expect((await store.get(take.id)).trimmed_preflight?.duration_s).toBeCloseTo(2, 2)
    // The same trim again keeps its measurement.
    expect((await store.setTrim(take.id, { head_s: 1, tail_s: 0 })).trimmed_preflight?.duration_s).toBeCloseTo(2, 2)
    // While a delivery of it is queued, the trim cannot change under it.
    await store.setDelivery(take.id, { status: 'queued', queued: true })
    await expect(store.setTrim(take.id, { head_s: 0, tail_s: 0 })).rejects.toThrow(
      /in the delivery queue with its current trim; cancel that delivery to change the trim/,
    )
    expect((await store.deliveryPreflight(take.id))?.duration_s).toBeCloseTo(2, 2)
  })

  it('never shares a run that can be aborted, and keeps no failed store run for the report', async () => {
    const { settings, measurer, runs } = counted('apart')
    const file = await writeSignal(dir, 'apart', `${10 ** (-20 / 20)}*sin(2*PI*1000*t)`, 2)
    const { profile } = await settings.forJobId('24', 'dry_voice')
    const options = { kind: 'dry_voice' as const, spotLengthS: null, profile }
    await measurer.measured(file, options)
    await measurer.measured(file, { ...options, signal: new AbortController().signal })
    await measurer.measure(file, { ...options, signal: new AbortController().signal })
    expect(runs).toHaveLength(3)
    await measurer.measured(file, options)
    expect(runs).toHaveLength(3)
    // A file that cannot be measured: the store's failed run is not the report's answer; the report's own is kept.
    const missing = path.join(dir, 'takes', '24', 'missing.wav')
    expect((await measurer.measure(missing, options)).measured).toBe(false)
    expect((await measurer.measured(missing, options)).report).toBeNull()
    expect((await measurer.measured(missing, options)).report).toBeNull()
    expect(runs).toHaveLength(5)
  })
})
