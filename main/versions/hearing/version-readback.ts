/**
 * Reading a new version back against its script (version-work.ts calls it for every commit): what its pieces
 * were heard to say, mapped through its edit list (version-hearing.ts), with only new audio heard — what was
 * kept of its hearing first (patch-hearings.ts; a restart hears nothing again), the rest in its place in the
 * render (version-hearing-place.ts), then kept. Checked by the one check (hearing-check.ts) and kept in the
 * read-back service's shape, or a finding when the version cannot be read back.
 */
import type { ReadbackStored } from '../../../shared/bridge-readback'
import type { EditList } from '../../../shared/versions/edit-list'
import type { VersionFinding, VersionReadback } from '../../../shared/versions/types'
import { EngineUnavailableError } from '../../readback/index'
import { readbackSummary } from '../store/readback-summary'
import { checkHearing } from './hearing-check'
import type { PatchHearings } from './patch-hearings'
import { joinHearings, mapHearing, segmentsOf, versionHearing, type Hearing, type TimeSegment } from './version-hearing'
import { hearInPlace, hearWhole } from './version-hearing-place'
import type { Transcribe } from './version-inputs'

/** The script a version is read back against (version-work.ts TakeScript). */
export interface ScriptToHear {
  text: string
  revision_id: string | null
  names: string[]
  revision_number?: number
}

/** What reading a version back needs: the hearings known by content, the engine, where new audio's hearing is kept. */
export interface VersionHearers {
  hearingOf(hash: string): Hearing | null
  transcribe: Transcribe
  patchHearings?: PatchHearings
  now?: () => number
}

export interface VersionHeard {
  stored: ReadbackStored | null
  summary: VersionReadback | null
  finding: VersionFinding | null
}

/**
 * Reads back a version against the script: what its pieces were heard to say, mapped through its edit
 * list, with only new audio heard (in its place in `path`, the render; `list` null: the file is all new
 * audio, heard whole); the stored result's shape, or a finding when it cannot be read back.
 */
export async function readVersionBack(
  d: VersionHearers,
  take: { id: string; job_id: string },
  list: EditList | null,
  path: string,
  script: ScriptToHear | null,
): Promise<VersionHeard> {
  if (!script)
    return {
      stored: null,
      summary: null,
      finding: {
        code: 'not_read_back',
        message: 'This version was not read back: its job has no script text to compare it with.',
        sentence: null,
      },
    }
  try {
    const { parts, unknown } = list ? versionHearing(segmentsOf(list), d.hearingOf) : { parts: [], unknown: [] }
    if (!list) parts.push(await hearWhole(path, script.text, d.transcribe))
    else if (unknown.length > 0) parts.push(...(await hearNewAudio(d, take.job_id, list, path, unknown, script.text)))
    const heard = joinHearings(parts)
    const { words, doubts, cross, engine, contests } = heard
    const check = await checkHearing(script, heard, d.transcribe, (d.now ?? Date.now)())
    const stored: ReadbackStored = {
      check,
      words,
      engine,
      ...(doubts.length ? { doubts } : {}),
      cross,
      ...(contests?.length ? { contests } : {}),
      take_id: take.id,
      job_id: take.job_id,
      script_read: { revision_id: script.revision_id, text: script.text },
      note: null,
    }
    const summary: VersionReadback = readbackSummary(check, script)
    const finding: VersionFinding | null = summary.clean
      ? null
      : {
          code: 'reads_unclean',
          message: `Booth's read-back of this version: ${check.summary ?? 'it differs from the script'}`,
          sentence: null,
        }
    return { stored, summary, finding }
  } catch (err) {
    if (!(err instanceof EngineUnavailableError)) throw err
    return {
      stored: null,
      summary: null,
      finding: { code: 'not_read_back', message: `This version was not read back: ${err.message}`, sentence: null },
    }
  }
}

/**
 * The new audio of a version: what was kept of its hearing (patch-hearings.ts; a restart hears nothing
 * again), the rest heard in its place in the render and kept.
 */
async function hearNewAudio(
  d: VersionHearers,
  jobId: string,
  list: EditList,
  path: string,
  unknown: readonly TimeSegment[],
  script: string,
): Promise<Hearing[]> {
  const kept = d.patchHearings
  const parts: Hearing[] = []
  const toHear: TimeSegment[] = []
  for (const seg of unknown) {
    const h = kept ? await kept.find(jobId, seg, script) : null
    if (h) parts.push(mapHearing(h, [seg]))
    else toHear.push(seg)
  }
  if (toHear.length === 0) return parts
  const heard = await hearInPlace(path, list.frames / list.format.sample_rate, toHear, script, d.transcribe)
  // A hearing that cannot be kept is heard again next time; the version is read back all the same.
  await kept?.keep(jobId, toHear, heard, script).catch(() => undefined)
  return [...parts, heard]
}
