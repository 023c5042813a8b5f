/**
 * A read-back in short, as a version keeps it (VersionReadback): its verdict, coverage and summary, and
 * whether it is clean (nothing but soft differences), and the script revision it was read back against (its
 * id, and its number among the job's revisions when known). The one rule, for new versions and for the version a
 * take had before its first fix (whose read-back the read-back service kept beside the take).
 */
import type { ReadbackCheck } from '../../../shared/readback/types'
import type { VersionReadback } from '../../../shared/versions/types'

export function readbackSummary(
  check: Pick<ReadbackCheck, 'verdict' | 'coverage' | 'summary' | 'issues'>,
  script?: { revision_id: string | null; revision_number?: number },
): VersionReadback {
  const clean = !check.issues.some((i) => i.severity !== 'soft')
  const revision = script
    ? {
        revision_id: script.revision_id,
        ...(script.revision_number ? { revision_number: script.revision_number } : {}),
      }
    : {}
  return { verdict: check.verdict, coverage: check.coverage ?? 0, summary: check.summary ?? '', clean, ...revision }
}
