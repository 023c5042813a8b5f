/**
 * What new audio in a version (a pickup never read back, a punch) was heard to say, in its place in the
 * version (version-hearing-place.ts), kept on disk beside the version records so a restart does not hear it
 * again: `<job's takes>/<versions>/hearings/<recording sha256>.<script sha256, 16>.json`, one file per
 * recording and script (the recogniser hears against the script), each holding the stretches of the
 * recording that were heard and their hearing in the recording's own time. Written atomically; used only
 * while the recording is still the bytes it is named by (its content hash checked), else heard again.
 */
import { createHash } from 'node:crypto'
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../../storage/atomic-file'
import type { Recordings } from '../store/recordings'
import type { Hearing, TimeSegment } from './version-hearing'

interface KeptStretch {
  fromS: number
  toS: number
  hearing: Hearing
}

interface PatchHearingsFile {
  schema: 1
  source: string
  script_sha256: string
  stretches: KeptStretch[]
}

/** Seconds a kept stretch may fall short of the one asked for at either end (frame rounding). */
const EDGE_S = 0.0005

const scriptKey = (script: string): string => createHash('sha256').update(script).digest('hex')

interface Span {
  start_s: number
  end_s: number
}

/** Items heard in the result that a segment's core carries, moved to its source's own time. */
function backToSource<T extends Span>(items: readonly T[], seg: TimeSegment): T[] {
  const toSource = (t: number) => seg.fromS + (t - seg.atS) * seg.scale
  return items.flatMap((w) => {
    const centre = (w.start_s + w.end_s) / 2
    return centre >= seg.coreFromS && centre < seg.coreToS
      ? [{ ...w, start_s: toSource(w.start_s), end_s: toSource(w.end_s) }]
      : []
  })
}

/** One segment's part of a hearing of the result, in its source's time. */
export function sourceHearing(heard: Hearing, seg: TimeSegment): Hearing {
  return {
    engine: heard.engine,
    words: backToSource(heard.words, seg),
    doubts: backToSource(heard.doubts, seg),
    cross: heard.cross
      ? {
          words: backToSource(heard.cross.words, seg),
          ...(heard.cross.lattice ? { lattice: backToSource(heard.cross.lattice, seg) } : {}),
        }
      : null,
  }
}

export class PatchHearings {
  constructor(
    private readonly dirOf: (jobId: string) => string,
    private readonly recordingsOf: (jobId: string) => Recordings,
  ) {}

  private pathOf(jobId: string, source: string, script: string): string {
    return join(this.dirOf(jobId), `${source}.${scriptKey(script).slice(0, 16)}.json`)
  }

  private async read(jobId: string, source: string, script: string): Promise<PatchHearingsFile | null> {
    try {
      const v = JSON.parse(await readFile(this.pathOf(jobId, source, script), 'utf8')) as PatchHearingsFile
      return v?.schema === 1 &&
        v.source === source &&
        v.script_sha256 === scriptKey(script) &&
        Array.isArray(v.stretches)
        ? v
        : null
    } catch {
      return null
    }
  }

  /** The kept hearing of the stretch of its recording a segment plays, against this script; null: none, or the recording changed. */
  async find(jobId: string, seg: TimeSegment, script: string): Promise<Hearing | null> {
    if (!/^[0-9a-f]{64}$/.test(seg.source)) return null
    const file = await this.read(jobId, seg.source, script)
    const kept = file?.stretches.find((s) => s.fromS <= seg.fromS + EDGE_S && s.toS >= seg.toS - EDGE_S)
    if (!kept) return null
    // Only for the very bytes it was heard from.
    if (
      (await this.recordingsOf(jobId)
        .check(seg.source)
        .catch(() => 'missing')) !== 'ok'
    )
      return null
    return kept.hearing
  }

  /** Keeps what the segments' new audio was heard to say (`heard`, in the result's time), each in its recording's time. */
  async keep(jobId: string, segments: readonly TimeSegment[], heard: Hearing, script: string): Promise<void> {
    const bySource = new Map<string, TimeSegment[]>()
    for (const s of segments)
      if (/^[0-9a-f]{64}$/.test(s.source)) bySource.set(s.source, [...(bySource.get(s.source) ?? []), s])
    if (bySource.size > 0) await mkdir(this.dirOf(jobId), { recursive: true })
    for (const [source, segs] of bySource) {
      const file: PatchHearingsFile = (await this.read(jobId, source, script)) ?? {
        schema: 1,
        source,
        script_sha256: scriptKey(script),
        stretches: [],
      }
      for (const seg of segs) {
        const stretch = { fromS: seg.fromS, toS: seg.toS, hearing: sourceHearing(heard, seg) }
        file.stretches = [
          ...file.stretches.filter(
            (s) => !(Math.abs(s.fromS - seg.fromS) < EDGE_S && Math.abs(s.toS - seg.toS) < EDGE_S),
          ),
          stretch,
        ]
      }
      await writeFileAtomic(this.pathOf(jobId, source, script), `${JSON.stringify(file)}\n`)
    }
  }
}
