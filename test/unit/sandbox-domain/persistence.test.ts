import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createWorld } from '../../../sandbox/domain'
import { SandboxError } from '../../../sandbox/seam'
import { harness, T0 } from './harness'

describe('persistence in dataDir/world.json', () => {
  it('saves after a change and a new world loads the same state', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'booth-world-'))
    const h = await harness({ dataDir })
    const viewed = h.world.state().jobs.find((j) => j.stage === 'viewed')!
    await h.call('acceptJobs', { body: { job_ids: [viewed.job_id] } })
    await h.call('putConsent', { body: { ai_word_fixes: 'no', ai_versions: 'no' } })
    await h.world.close()
    expect((await readdir(dataDir)).sort()).toEqual(['world.json']) // no temp files left behind
    const reloaded = await createWorld({ dataDir, now: () => T0 + 1000, producer: false, seed: 999 })
    expect(reloaded.state()).toEqual(h.world.state())
    expect(reloaded.state().jobs.find((j) => j.job_id === viewed.job_id)!.stage).toBe('accepted')
    expect(reloaded.state().consent.ai_word_fixes).toBe('no')
    await reloaded.close()
  })

  it('writes the seeded world on first launch, and refuses a file that is not a world', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'booth-world-'))
    const w = await createWorld({ dataDir, now: () => T0, producer: false })
    await w.close()
    const saved = JSON.parse(await readFile(join(dataDir, 'world.json'), 'utf8')) as {
      version: number
      jobs: unknown[]
    }
    expect(saved.version).toBe(1)
    expect(saved.jobs.length).toBe(w.state().jobs.length)
    await writeFile(join(dataDir, 'world.json'), '{"hello":')
    await expect(createWorld({ dataDir, producer: false })).rejects.toThrow(/world\.json is not valid JSON.*delete it/)
    await writeFile(join(dataDir, 'world.json'), '{"hello":1}')
    await expect(createWorld({ dataDir, producer: false })).rejects.toThrow(/not a Booth sandbox world/)
  })

  it('answers not_saved and changes nothing when the world cannot be written', async () => {
    const dataDir = join(await mkdtemp(join(tmpdir(), 'booth-world-')), 'world')
    const h = await harness({ dataDir })
    await rm(dataDir, { recursive: true })
    await writeFile(dataDir, 'a file where the directory was') // every save now fails
    const viewed = h.world.state().jobs.find((j) => j.stage === 'viewed')!
    const err = await h.call('acceptJobs', { body: { job_ids: [viewed.job_id] } }).then(
      () => null,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(SandboxError)
    expect(err).toMatchObject({ status: 500, code: 'not_saved' })
    expect(h.world.state().jobs.find((j) => j.job_id === viewed.job_id)!.stage).toBe('viewed')
    await rm(dataDir)
    await h.call('acceptJobs', { body: { job_ids: [viewed.job_id] } }) // the retry succeeds once the disk is back
    expect(h.world.state().jobs.find((j) => j.job_id === viewed.job_id)!.stage).toBe('accepted')
    await h.world.close()
  })
})
