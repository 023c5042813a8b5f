/**
 * The watch that learns each changed job's script revision for the notices: it reads only jobs already
 * opened (never telling the producer a job was viewed), a few a poll, jobs never read first, and forgets
 * a job whose flag cleared.
 */
import { describe, expect, it } from 'vitest'
import type { TalentClient } from '../../../main/api/client'
import { createLog } from '../../../main/logging/redacting-log'
import { MAX_READS_PER_POLL, ScriptRevisionWatch } from '../../../main/notifications/script-revisions'
import { job } from './job-summaries'

function fakeClient(
  revisionOf: Map<string, string | null>,
  reads: string[],
  failing = new Set<string>(),
): TalentClient {
  return {
    getJob: async (jobId: string) => {
      reads.push(jobId)
      if (failing.has(jobId)) throw new Error('the service did not answer')
      return { job: { script: { revision_id: revisionOf.get(jobId) ?? null } } }
    },
  } as unknown as TalentClient
}

const log = createLog({ sink: { write: () => undefined } })

describe('ScriptRevisionWatch', () => {
  it('reads only opened jobs with a changed script, a few a poll, the never-read first', async () => {
    const revisions = new Map<string, string | null>([
      ['1', 'r1'],
      ['2', 'r2'],
      ['3', 'r3'],
      ['4', 'r4'],
      ['5', 'r5'],
    ])
    const reads: string[] = []
    const watch = new ScriptRevisionWatch({ client: () => fakeClient(revisions, reads), log })
    const items = [
      job('1', { script_changed: true }),
      job('2', { script_changed: true, stage: 'changes_requested' }),
      job('3', { script_changed: true, stage: 'viewed' }),
      job('4', { script_changed: true }),
      job('5', { script_changed: true, unopened: true, stage: 'sent' }),
      job('6', { script_changed: false }),
      job('7', { script_changed: true, status: 'completed', stage: 'completed' }),
    ]
    const first = await watch.revisions(items)
    expect(reads).toEqual(['1', '2', '3'].slice(0, MAX_READS_PER_POLL))
    expect(first).toEqual(
      new Map([
        ['1', 'r1'],
        ['2', 'r2'],
        ['3', 'r3'],
      ]),
    )
    reads.length = 0
    const second = await watch.revisions(items)
    // Job 4 was never read: it goes first; then the ones read longest ago.
    expect(reads[0]).toBe('4')
    expect(reads).not.toContain('5')
    expect(second.get('4')).toBe('r4')
    // A second revision is seen on a later read.
    revisions.set('1', 'r1b')
    reads.length = 0
    let seen = await watch.revisions(items)
    for (let i = 0; i < 3 && seen.get('1') !== 'r1b'; i++) seen = await watch.revisions(items)
    expect(seen.get('1')).toBe('r1b')
  })

  it('leaves a revision unknown when its read fails, and forgets a job whose flag cleared', async () => {
    const reads: string[] = []
    const failing = new Set(['1'])
    const watch = new ScriptRevisionWatch({ client: () => fakeClient(new Map([['1', 'r1']]), reads, failing), log })
    expect(await watch.revisions([job('1', { script_changed: true })])).toEqual(new Map())
    failing.clear()
    expect(await watch.revisions([job('1', { script_changed: true })])).toEqual(new Map([['1', 'r1']]))
    expect(await watch.revisions([job('1', { script_changed: false })])).toEqual(new Map())
    expect(
      await new ScriptRevisionWatch({ client: () => null, log }).revisions([job('1', { script_changed: true })]),
    ).toEqual(new Map())
  })
})
