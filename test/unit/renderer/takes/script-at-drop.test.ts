/** A file dropped on a job is read from the script shown at that moment, and only when that job is the one shown. */
import { describe, expect, it } from 'vitest'
import { scriptAtDrop } from '../../../../renderer/src/takes/use-take-drops'
import type { JobDetail } from '../../../../shared/bridge'

const shown = (jobId: string, script: Partial<JobDetail['script']>) => ({
  job: {
    job_id: jobId,
    script: {
      kind: 'typed',
      revision_id: '9',
      revised_at: null,
      html: null,
      text: 'Read this.',
      document: null,
      ...script,
    } as JobDetail['script'],
  },
})

describe('scriptAtDrop', () => {
  it('is the shown job’s revision and text', () => {
    expect(scriptAtDrop('12', shown('12', {}))).toEqual({ revision_id: '9', text: 'Read this.' })
  })
  it('is nothing for a drop on another job’s row, with no job shown, or for a job without a script', () => {
    expect(scriptAtDrop('13', shown('12', {}))).toBeUndefined()
    expect(scriptAtDrop('12', null)).toBeUndefined()
    expect(scriptAtDrop('12', shown('12', { kind: 'none', revision_id: null, text: '' }))).toBeUndefined()
  })
})
