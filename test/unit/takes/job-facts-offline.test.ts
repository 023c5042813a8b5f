/**
 * A take imported while its job cannot be looked up (offline, signed out, the API failing) is named and
 * measured from the saved copy of its job in the offline cache.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TalentClient } from '../../../main/api/client'
import { createJobFactsLookup } from '../../../main/takes/job-facts-lookup'
import { createLog } from '../../../main/logging/redacting-log'
import { OfflineCache } from '../../../main/jobs/offline-cache'
import { TakeStore } from '../../../main/takes/take-store'
import type { JobDetail } from '../../../shared/bridge'
import { makeTone, probeMeasure } from './helpers/media'

let root: string
let cacheRoot: string
const warnings: string[] = []
const log = createLog({
  sink: {
    write: (e) => {
      if (e.level === 'warn') warnings.push(e.message)
    },
  },
})
const failing = {
  getJob: () => Promise.reject(new Error('fetch failed: ENOTFOUND api.example.com')),
} as unknown as TalentClient
const answering = (job: Partial<JobDetail>) => ({ getJob: () => Promise.resolve({ job }) }) as unknown as TalentClient

/** The saved copy of a job, as the app reads it (main/app/compose.ts). */
const savedJobIn = (root: string) => async (jobId: string) => (await new OfflineCache(root).loadJob(jobId))?.job ?? null

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'booth-jobfacts-'))
  cacheRoot = join(root, 'cache')
  const saved = { job_id: '1042', suggested_stem: 'ACME_SPRING30', length_s: 30, kind: 'finished_spot' } as JobDetail
  await new OfflineCache(cacheRoot).saveJob({ fetchedAt: Date.now(), job: saved })
  await makeTone(join(root, 'dropped.wav'), 1)
})
afterAll(() => rm(root, { recursive: true, force: true }))

describe('job facts for a new take', () => {
  it('come from the saved copy when the API fails, or when signed out', async () => {
    const expected = { stem: 'ACME_SPRING30', spotLengthS: 30, kind: 'finished_spot' }
    expect(await createJobFactsLookup(() => failing, log, savedJobIn(cacheRoot))('1042')).toEqual(expected)
    expect(await createJobFactsLookup(() => null, log, savedJobIn(cacheRoot))('1042')).toEqual(expected)
  })

  it('ask the API when there is no saved copy', async () => {
    const lookup = createJobFactsLookup(
      () => answering({ suggested_stem: 'NEW_STEM', length_s: 15, kind: 'dry_voice' }),
      log,
      savedJobIn(cacheRoot),
    )
    expect(await lookup('77')).toEqual({ stem: 'NEW_STEM', spotLengthS: 15, kind: 'dry_voice' })
  })

  it('are unknown with no saved copy and no answer (the failure is logged), and a hostile job id never reaches the disk', async () => {
    const unknown = { stem: null, spotLengthS: null, kind: 'not_set' }
    expect(await createJobFactsLookup(() => failing, log, savedJobIn(cacheRoot))('77')).toEqual(unknown)
    expect(warnings.at(-1)).toMatch(/no saved copy/)
    expect(await createJobFactsLookup(() => null, log, savedJobIn(cacheRoot))('../cache/jobs/1042')).toEqual(unknown)
    expect(await createJobFactsLookup(() => null, log)('1042')).toEqual(unknown)
  })

  it('name an offline import by the job stem, with its spot length', async () => {
    const store = new TakeStore({ dataDir: join(root, 'data'), measure: probeMeasure })
    const facts = await createJobFactsLookup(() => failing, log, savedJobIn(cacheRoot))('1042')
    const take = await store.import('1042', join(root, 'dropped.wav'), { ...facts, label: 'main' })
    expect(take).toMatchObject({ file_name: 'ACME_SPRING30_main_01.wav', spot_length_s: 30, job_kind: 'finished_spot' })
  })
})
