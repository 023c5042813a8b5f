import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { TalentClient } from '../../../main/api/client'
import { OfflineCache } from '../../../main/jobs/offline-cache'
import { prefetchPendingScripts } from '../../../main/jobs/script-documents'
import type { JobSummary } from '../../../shared/bridge'

const job = (id: string): JobSummary =>
  ({ job_id: id, status: 'pending', has_script: true, script_changed: false }) as JobSummary

/** Only scriptsPdf is used by the prefetch; it answers "no PDF" for every job, and counts the asks. */
function noPdfClient(asked: string[]): TalentClient {
  return {
    scriptsPdf: async ({ job_ids }: { job_ids: string[] }) => {
      asked.push(...job_ids)
      return {
        url: null,
        expires_at: null,
        file_name: 'scripts.pdf',
        included: [],
        missing: job_ids.map((job_id) => ({ job_id, reason: 'no_pdf' as const })),
        replayed: false,
      }
    },
  } as unknown as TalentClient
}

describe('prefetching pending scripts', () => {
  it('does not let jobs without a PDF take every slot on every poll', async () => {
    const cache = new OfflineCache(mkdtempSync(join(tmpdir(), 'booth-prefetch-')))
    const asked: string[] = []
    const memo = new Map<string, number>()
    const items = ['1', '2', '3', '4', '5', '6'].map(job)
    const now = 1_800_000_000_000
    await prefetchPendingScripts(items, cache, noPdfClient(asked), now, memo)
    expect(asked).toEqual(['1', '2', '3', '4'])
    await prefetchPendingScripts(items, cache, noPdfClient(asked), now + 60_000, memo)
    expect(asked).toEqual(['1', '2', '3', '4', '5', '6'])
    await prefetchPendingScripts(items, cache, noPdfClient(asked), now + 120_000, memo)
    expect(asked).toHaveLength(6)
    // An hour later they are asked about again: a PDF may exist by then.
    await prefetchPendingScripts(items, cache, noPdfClient(asked), now + 61 * 60_000, memo)
    expect(asked).toHaveLength(10)
  })
})
