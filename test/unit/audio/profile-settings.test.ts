// Delivery-profile settings on disk and the audio bridge handlers: the talent's own profiles persist,
// a job's profile is chosen on the job, else remembered for its customer, else implied by its kind, and
// a take's report is judged by its job's profile.
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAudioHandlers } from '../../../main/audio/audio-handlers'
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

const radio = {
  name: 'radio-de',
  label: 'German radio',
  loudness_measure: 'integrated',
  loudness_min: -20,
  loudness_max: -18,
  true_peak_max: -1,
  noise_floor_max: null,
  source: 'Station spec sheet',
}

describe('ProfileSettings', () => {
  it('keeps the talent’s profiles and choices across restarts; job beats customer beats kind', async () => {
    const data = path.join(dir, 'settings-a')
    const first = new ProfileSettings(data)
    const job = { jobId: '11', customerId: '5', kind: 'finished_spot' as const }
    expect(await first.forJob(job)).toMatchObject({ profile: { name: 'ebu-r128' }, chosenBy: 'kind' })
    await first.saveProfile(radio)
    await first.setForJob(job, 'radio-de')
    const again = new ProfileSettings(data)
    expect((await again.profiles()).map((p) => p.name)).toContain('radio-de')
    expect(await again.forJob(job)).toMatchObject({ profile: { name: 'radio-de', builtIn: false }, chosenBy: 'job' })
    // Another job of the same customer: remembered for the customer.
    expect(await again.forJob({ jobId: '12', customerId: '5', kind: 'dry_voice' })).toMatchObject({
      profile: { name: 'radio-de' },
      chosenBy: 'customer',
    })
    expect(await again.forJob({ jobId: '13', customerId: '6', kind: 'dry_voice' })).toMatchObject({
      profile: { name: 'dry-voice' },
      chosenBy: 'kind',
    })
    await again.setForJob({ jobId: '12', customerId: '5', kind: 'dry_voice' }, 'podcast')
    expect(await again.forJob(job)).toMatchObject({ profile: { name: 'radio-de' }, chosenBy: 'job' })
    expect(await again.forJob({ jobId: '14', customerId: '5', kind: 'dry_voice' })).toMatchObject({
      profile: { name: 'podcast' },
      chosenBy: 'customer',
    })
    // Deleting a profile sends its jobs back: here to the customer's remembered podcast, else the kind.
    await again.deleteProfile('radio-de')
    expect(await again.forJob(job)).toMatchObject({ profile: { name: 'podcast' }, chosenBy: 'customer' })
    await again.setForJob(job, null)
    expect(await again.forJob({ ...job, customerId: null })).toMatchObject({
      profile: { name: 'ebu-r128' },
      chosenBy: 'kind',
    })
  })

  it('refuses unknown and built-in names with a sentence, and survives a damaged file', async () => {
    const data = path.join(dir, 'settings-b')
    const warnings: string[] = []
    const s = new ProfileSettings(data, (m) => warnings.push(m))
    await expect(s.setForJob({ jobId: '1', customerId: null, kind: 'not_set' }, 'nope')).rejects.toThrow(
      'There is no delivery profile called nope.',
    )
    await expect(s.deleteProfile('podcast')).rejects.toThrow('podcast is built in and cannot be deleted.')
    await s.saveProfile(radio)
    const file = path.join(data, 'delivery-profiles.json')
    expect(JSON.parse(await readFile(file, 'utf8')).custom).toHaveLength(1)
    await writeFile(file, '{ not json')
    const damaged = new ProfileSettings(data, (m) => warnings.push(m))
    expect((await damaged.profiles()).map((p) => p.name)).toEqual(['ebu-r128', 'atsc-a85', 'podcast', 'dry-voice'])
    expect(warnings.at(-1)).toMatch(/could not be read and start empty/)
  })
})

describe('audio bridge handlers', () => {
  it('lists profiles with their sources and judges a take by its job’s chosen profile', async () => {
    const data = path.join(dir, 'app')
    const settings = new ProfileSettings(data)
    const measurer = createTakeMeasurer(settings)
    const store = new TakeStore({ dataDir: data, measure: measurer.measure })
    const handlers = createAudioHandlers({ settings, store, measurer })
    const { profiles } = await handlers.listDeliveryProfiles({})
    expect(profiles.find((p) => p.name === 'atsc-a85')?.targets[0]).toEqual({
      what: 'Loudness -26.0 to -22.0 LUFS (problem)',
      source: expect.stringMatching(/ATSC A\/85/),
    })
    // A finished spot at about -25.5 LUFS (a 1 kHz sine peaking at -22.5 dBFS): too quiet for EBU R128
    // (its kind's default), within ATSC A/85.
    const source = await writeSignal(dir, 'spot', `${10 ** (-22.5 / 20)}*sin(2*PI*1000*t)`, 5)
    const take = await store.import('21', source, { stem: 'SPOT', kind: 'finished_spot' })
    const before = await handlers.getTakeReport({ takeId: take.id, customerId: '9' })
    expect(before?.profile).toBe('ebu-r128')
    expect(before?.findings.map((f) => f.code)).toContain('too_quiet')
    expect(take.preflight?.warnings).toContain('very_quiet')
    expect(
      (await handlers.setJobProfile({ jobId: '21', customerId: '9', kind: 'finished_spot', profile: 'atsc-a85' }))
        .chosenBy,
    ).toBe('job')
    const after = await handlers.getTakeReport({ takeId: take.id, customerId: '9' })
    expect(after?.profile).toBe('atsc-a85')
    expect(after?.findings.map((f) => f.code)).not.toContain('too_quiet')
    // The take's own preflight (the API's warnings) follows the job's profile when it is measured again.
    expect((await store.remeasure(take.id)).preflight?.warnings).not.toContain('very_quiet')
    await expect(
      handlers.saveDeliveryProfile({ ...radio, name: 'ebu-r128', loudness_measure: 'integrated' }),
    ).rejects.toThrow('ebu-r128 is a built-in profile; choose another name.')
  })
})
