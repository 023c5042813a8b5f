/**
 * Figures of one version are never shown with another's (issue 41): after a re-finish the take row showed
 * v3's length beside v1's true peak, room tone and findings until the new report came. A report is
 * answered only for the measurement it was read for.
 */
import { describe, expect, it } from 'vitest'
import type { Preflight } from '../../../../shared/bridge-takes'
import { reportFor, reportKey } from '../../../../renderer/src/takes/use-take-report'

const v1 = { measured: true, duration_s: 31.2, lufs: -16.1, peak_dbfs: -1.4 } as Preflight
const v3 = { measured: true, duration_s: 29.9, lufs: -16.0, peak_dbfs: -1.0 } as Preflight
const take = { id: 'take-1', customerId: 'c1' }

describe('a take report and the version it was read for', () => {
  it('a report read for v1 is not answered once the row shows v3, and is again for v3 once read', () => {
    const read = { key: reportKey(take, v1)!, report: { profile: 'ebu_r128', true_peak_dbtp: -1.2 } }
    expect(reportFor(read, reportKey(take, v1))).toEqual(read.report)
    expect(reportFor(read, reportKey(take, v3))).toBeNull()
    const again = { key: reportKey(take, v3)!, report: { profile: 'ebu_r128', true_peak_dbtp: -0.9 } }
    expect(reportFor(again, reportKey(take, v3))).toEqual(again.report)
  })

  it("another take, another customer's profile, or no measurement is no match", () => {
    const read = { key: reportKey(take, v1)!, report: { profile: 'ebu_r128' } }
    expect(reportFor(read, reportKey({ ...take, id: 'take-2' }, v1))).toBeNull()
    expect(reportFor(read, reportKey({ ...take, customerId: 'c2' }, v1))).toBeNull()
    expect(reportKey(take, { ...v1, measured: false })).toBeNull()
    expect(reportFor(read, null)).toBeNull()
  })
})
