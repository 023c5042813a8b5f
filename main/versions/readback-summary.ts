/**
 * A read-back in short, as a version keeps it (VersionReadback): its verdict, coverage and summary, and
 * whether it is clean (nothing but soft differences). The one rule, for new versions and for the version a
 * take had before its first fix (whose read-back the read-back service kept beside the take).
 */
import type { ReadbackCheck } from '../../shared/readback/types'
import type { VersionReadback } from '../../shared/versions/types'

export function readbackSummary(check: Pick<ReadbackCheck, 'verdict' | 'coverage' | 'summary' | 'issues'>): VersionReadback {
  const clean = !check.issues.some((i) => i.severity !== 'soft')
  return { verdict: check.verdict, coverage: check.coverage ?? 0, summary: check.summary ?? '', clean }
}
