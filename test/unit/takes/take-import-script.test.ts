/**
 * A dropped take is read from the job's script as it was at the drop: the script the page sends (the job
 * on screen), else the script of Booth's saved copy of the job (a drop on a job's row while another job is
 * open). Through the bridge's own argument check and the takes area's handler, as the page calls it.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TakeArea } from '../../../main/takes/take-handlers'
import { MAX_SCRIPT_TEXT, takeCalls } from '../../../shared/bridge-takes'
import type { JobDetail } from '../../../shared/bridge'
import { makeTone } from './helpers/media'
import { offlineTakeArea } from './helpers/offline-take-area'

let root: string
let area: TakeArea
const saved: Record<string, Partial<JobDetail>> = {
  '1042': {
    job_id: '1042',
    suggested_stem: 'ACME',
    length_s: 30,
    kind: 'finished_spot',
    script: {
      kind: 'typed',
      revision_id: '77',
      revised_at: null,
      html: null,
      text: 'Saved copy: revision 77.',
      document: null,
    },
  },
  '1043': {
    job_id: '1043',
    suggested_stem: 'NOSCRIPT',
    length_s: 30,
    kind: 'finished_spot',
    script: { kind: 'none', revision_id: null, revised_at: null, html: null, text: '', document: null },
  },
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'booth-import-script-'))
  await makeTone(join(root, 'dropped.wav'), 1)
  area = offlineTakeArea(join(root, 'data'), {
    savedJob: async (jobId) => (saved[jobId] as JobDetail | undefined) ?? null,
  })
})
afterAll(async () => {
  await area.stop()
  await rm(root, { recursive: true, force: true })
})

/** The page's call, checked by the bridge contract as main checks it, then answered. */
const importTake = (args: unknown) =>
  area.handlers.importTake(
    takeCalls.importTake(args, 'importTake') as Parameters<TakeArea['handlers']['importTake']>[0],
  )

describe('importTake and the script at the drop', () => {
  it('records the script the page sends: the job on screen at the drop', async () => {
    const take = await importTake({
      jobId: '1042',
      path: join(root, 'dropped.wav'),
      script: { revision_id: '78', text: 'On screen: revision 78.' },
    })
    expect(take.script_read).toEqual({ revision_id: '78', text: 'On screen: revision 78.' })
    expect(take.source).toBe('imported')
  })

  it('without a script from the page, uses the saved copy of the job', async () => {
    const take = await importTake({ jobId: '1042', path: join(root, 'dropped.wav') })
    expect(take.script_read).toEqual({ revision_id: '77', text: 'Saved copy: revision 77.' })
  })

  it('records no script for a job without one, or with no saved copy', async () => {
    expect((await importTake({ jobId: '1043', path: join(root, 'dropped.wav') })).script_read).toBeNull()
    expect((await importTake({ jobId: '1044', path: join(root, 'dropped.wav') })).script_read).toBeNull()
  })

  it('the bridge refuses a script that is not {revision_id, text} or is too long, in words', () => {
    const path = join(root, 'dropped.wav')
    expect(() =>
      takeCalls.importTake({ jobId: '1042', path, script: { revision_id: 5, text: 'x' } }, 'importTake'),
    ).toThrow(/revision_id/)
    expect(() =>
      takeCalls.importTake(
        { jobId: '1042', path, script: { revision_id: null, text: 'x'.repeat(MAX_SCRIPT_TEXT + 1) } },
        'importTake',
      ),
    ).toThrow(/text/)
  })
})
