/**
 * What the window says about answers of the service Booth cannot read (main/api/answer-door.ts): a job it
 * could not read is a row at its own place in the list; the connection line and the saved-list banner say
 * the service answered, never "offline"; every enum word has an "unknown".
 */
import { describe, expect, it } from 'vitest'
import { listRows } from '../../../../renderer/src/jobs/list-rows'
import { unreadableJobTitle } from '../../../../renderer/src/jobs/UnreadableJobRow'
import { offlineBannerText } from '../../../../renderer/src/jobs/OfflineBanner'
import { problemHeadline } from '../../../../renderer/src/ui/ConnectivityStatus'
import { KIND_LABELS, STAGE_LABELS } from '../../../../renderer/src/ui/format/job-labels'
import { DELIVERY_STATUS_WORDS } from '../../../../renderer/src/takes/delivery/delivery-words'
import { jobSummary } from '../../../support/conforming-answers'
import type { JobSummary } from '../../../../shared/bridge'

const job = (id: string) => jobSummary(id) as unknown as JobSummary
const shape = (rows: ReturnType<typeof listRows>) =>
  rows.map((r) => (r.kind === 'job' ? r.job.job_id : `?${r.row.job_id ?? ''}`))

describe('the rows of a list with jobs Booth cannot read', () => {
  it('puts each unreadable job back at the place the service sent it', () => {
    const items = [job('1'), job('3'), job('5')]
    expect(
      shape(
        listRows(items, [
          { position: 1, job_id: '2', problem: 'p' },
          { position: 3, job_id: '4', problem: 'p' },
        ]),
      ),
    ).toEqual(['1', '?2', '3', '?4', '5'])
    expect(shape(listRows(items, [{ position: 0, job_id: null, problem: 'p' }]))).toEqual(['?', '1', '3', '5'])
    expect(shape(listRows(items, [{ position: 3, job_id: '9', problem: 'p' }]))).toEqual(['1', '3', '5', '?9'])
    expect(shape(listRows([], [{ position: 0, job_id: '9', problem: 'p' }]))).toEqual(['?9'])
    expect(shape(listRows(items))).toEqual(['1', '3', '5'])
  })

  it('a saved copy whose places do not fit still shows every unreadable job, at the end', () => {
    expect(shape(listRows([job('1')], [{ position: 7, job_id: '8', problem: 'p' }]))).toEqual(['1', '?8'])
  })

  it('names the job by its id, or says it has none that could be read', () => {
    expect(unreadableJobTitle({ job_id: '42' })).toBe('Job 42: its details could not be read')
    expect(unreadableJobTitle({ job_id: null })).toBe('A job whose details could not be read')
  })
})

describe('the service answered, but not in a form Booth can read', () => {
  it('the connection line never says offline when the service answered', () => {
    expect(problemHeadline({ online: true }, false)).toBe(
      'The service answered, but Booth cannot use what it sent — working from saved copies',
    )
    expect(problemHeadline({ online: false }, false)).toBe('Offline — working from saved copies')
    expect(problemHeadline({ online: true }, true)).toBe('Waiting for the service')
  })

  it('the saved-list banner says why it shows the saved copy', () => {
    const now = Date.UTC(2026, 0, 10, 12)
    expect(offlineBannerText(now - 2 * 3_600_000, now, false, true)).toBe(
      "Showing jobs saved 2 hours ago: the service's latest answer could not be used",
    )
    expect(offlineBannerText(now - 2 * 3_600_000, now, true)).toBe('Offline — showing jobs saved 2 hours ago')
  })

  it('every enum word has an "unknown"', () => {
    expect(STAGE_LABELS.unknown).toBe('Stage unknown')
    expect(KIND_LABELS.unknown).toBe('Kind unknown')
    expect(DELIVERY_STATUS_WORDS.unknown.text).toBe('Status unknown')
  })
})
